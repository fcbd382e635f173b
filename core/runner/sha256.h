#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace kwb::runner {

// SHA-256 (FIPS 180-4), for the build cache's keys: the runner computes them itself from the bytes of the
// candidate's sources, so that no candidate stage chooses where a build is kept.
class Sha256
{
public:
    Sha256();
    Sha256& add(std::string_view bytes);
    // The digest as 64 lowercase hex digits; the object is spent afterwards.
    std::string hex();

    static std::string hexOf(std::string_view bytes) { return Sha256().add(bytes).hex(); }
    // The file's bytes; false when it cannot be read.
    bool addFile(const std::string& path);

private:
    void block(const unsigned char* p);

    std::array<std::uint32_t, 8> m_state;
    unsigned char m_buffer[64];
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0;
};

} // namespace kwb::runner
