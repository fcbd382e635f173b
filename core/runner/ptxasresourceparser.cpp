#include "ptxasresourceparser.h"

#include "outputlines.h"

#include <cctype>
#include <charconv>
#include <optional>

namespace kwb::runner {

namespace {

std::string_view trimmed(std::string_view text)
{
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The message of a "ptxas info    : message" line, or nullopt for any other line.
std::optional<std::string_view> infoMessage(std::string_view line)
{
    if (!line.starts_with("ptxas info"))
        return std::nullopt;
    std::string_view rest = trimmed(line.substr(10));
    if (!rest.starts_with(':'))
        return std::nullopt;
    return trimmed(rest.substr(1));
}

// "'name'" at the start of text; advances text past it.
std::optional<std::string_view> takeQuoted(std::string_view& text)
{
    if (!text.starts_with('\''))
        return std::nullopt;
    const std::size_t close = text.find('\'', 1);
    if (close == std::string_view::npos)
        return std::nullopt;
    const std::string_view quoted = text.substr(1, close - 1);
    text.remove_prefix(close + 1);
    return quoted;
}

// A count such as "256" or the "8+0" of old toolkits (sum of the parts); advances text past it.
std::optional<long long> takeAmount(std::string_view& text)
{
    long long total = 0;
    for (bool more = true; more;) {
        long long part = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), part);
        if (error != std::errc())
            return std::nullopt;
        total += part;
        text.remove_prefix(static_cast<std::size_t>(end - text.data()));
        more = text.starts_with('+');
        if (more)
            text.remove_prefix(1);
    }
    return total;
}

// Banks add up; the first one replaces "unknown".
void addTo(long long& total, long long amount)
{
    total = (total < 0 ? 0 : total) + amount;
}

} // namespace

std::vector<KernelResources> PtxasResourceParser::parse(std::string_view output)
{
    m_kernels.clear();
    m_module = {};
    m_inEntry = false;
    m_propertiesForEntry = false;
    for (const std::string& line : outputLines(output)) {
        if (const auto message = infoMessage(line)) {
            readInfo(*message);
        } else if (!line.empty() && (line.front() == ' ' || line.front() == '\t')) {
            // "    256 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" under "Function properties".
            if (m_propertiesForEntry && line.find(" bytes stack frame") != std::string::npos)
                applyItems(line, m_kernels.back(), false);
            m_propertiesForEntry = false;
        }
    }
    return std::move(m_kernels);
}

void PtxasResourceParser::readInfo(std::string_view message)
{
    m_propertiesForEntry = false;
    if (message.starts_with("Compiling entry function ")) {
        std::string_view rest = message.substr(25);
        const auto kernel = takeQuoted(rest);
        if (!kernel)
            return;
        KernelResources entry = m_module;
        entry.kernel = std::string(*kernel);
        if (rest.starts_with(" for ")) {
            rest.remove_prefix(5);
            entry.arch = std::string(takeQuoted(rest).value_or(std::string_view()));
        }
        m_kernels.push_back(std::move(entry));
        m_inEntry = true;
    } else if (message.starts_with("Function properties for ")) {
        // Called device functions get their own properties block; it closes the entry's block.
        const std::string_view name = trimmed(message.substr(24));
        m_inEntry = m_inEntry && name == m_kernels.back().kernel;
        m_propertiesForEntry = m_inEntry;
    } else if (message.starts_with("Used ")) {
        if (!m_inEntry)
            return;
        // ptxas leaves out "0 bytes smem"; the other items it leaves out are not reported for every arch.
        m_kernels.back().sharedBytes = 0;
        applyItems(message, m_kernels.back(), false);
    } else if (message.starts_with("Compile time = ")) {
        std::string_view rest = message.substr(15);
        double milliseconds = 0;
        const auto [end, error] = std::from_chars(rest.data(), rest.data() + rest.size(), milliseconds);
        if (m_inEntry && error == std::errc() && std::string_view(end, rest.data() + rest.size()) == " ms")
            m_kernels.back().compileTimeMs = milliseconds;
    } else if (!message.empty() && std::isdigit(static_cast<unsigned char>(message.front()))) {
        // "4 bytes gmem, 64 bytes cmem[3]" opens the next module (or the next arch of the same one).
        m_module = {};
        applyItems(message, m_module, true);
        m_inEntry = false;
    }
}

void PtxasResourceParser::applyItems(std::string_view items, KernelResources& target, bool isModule)
{
    while (!items.empty()) {
        const std::size_t comma = items.find(',');
        std::string_view item = trimmed(items.substr(0, comma));
        items = comma == std::string_view::npos ? std::string_view() : items.substr(comma + 1);
        if (item.starts_with("Used ") || item.starts_with("used "))
            item.remove_prefix(5);
        const auto amount = takeAmount(item);
        if (!amount)
            continue;
        const std::string_view unit = trimmed(item);
        if (unit == "registers")
            target.registers = static_cast<int>(*amount);
        else if (unit == "barriers")
            target.barriers = static_cast<int>(*amount);
        else if (unit == "bytes smem")
            target.sharedBytes = *amount;
        else if (unit == "bytes stack frame")
            target.stackBytes = *amount;
        else if (unit == "bytes spill stores")
            target.spillStoreBytes = *amount;
        else if (unit == "bytes spill loads")
            target.spillLoadBytes = *amount;
        else if (unit == "bytes cumulative stack size")
            target.cumulativeStackBytes = *amount;
        else if (unit == "bytes gmem")
            target.globalBytes = *amount;
        else if (unit.starts_with("bytes cmem["))
            addTo(isModule ? target.moduleConstantBytes : target.constantBytes, *amount);
    }
}

} // namespace kwb::runner
