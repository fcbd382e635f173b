#pragma once

#include <iostream>

// Assertions for tests that run on GPU hosts, where there is no Qt Test: report every failure, then exit non-zero.
namespace kwb::test {

inline int& failureCount()
{
    static int count = 0;
    return count;
}

inline bool check(bool passed, const char* expression, const char* file, int line)
{
    if (!passed) {
        ++failureCount();
        std::cerr << file << ':' << line << ": FAIL: " << expression << '\n';
    }
    return passed;
}

// The exit code for main: 0 when every check passed.
inline int finish(const char* testName)
{
    std::cout << testName << ": " << (failureCount() == 0 ? "PASS" : "FAIL") << " (" << failureCount()
              << " failed checks)\n";
    return failureCount() == 0 ? 0 : 1;
}

} // namespace kwb::test

#define KWB_CHECK(expression) ::kwb::test::check(static_cast<bool>(expression), #expression, __FILE__, __LINE__)
