#include "runner/protectedfiles.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace kwb::runner {

namespace fs = std::filesystem;

namespace {

bool readAll(const std::string& path, std::string* content)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    std::ostringstream text;
    text << in.rdbuf();
    *content = text.str();
    return true;
}

} // namespace

void ProtectedFiles::add(const std::string& path)
{
    std::error_code ec;
    std::vector<std::string> files;
    if (fs::is_directory(path, ec)) {
        for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
            if (it->is_regular_file(ec) && it->path().string().find("__pycache__") == std::string::npos)
                files.push_back(it->path().string());
        }
    } else {
        files.push_back(path);
    }
    for (const std::string& file : files) {
        std::string content;
        if (readAll(file, &content))
            m_files.emplace_back(file, std::move(content));
    }
}

std::vector<std::string> ProtectedFiles::restoreChanged()
{
    std::vector<std::string> changed;
    for (const auto& [path, kept] : m_files) {
        std::string now;
        if (readAll(path, &now) && now == kept)
            continue;
        changed.push_back(path);
        std::error_code ec;
        fs::permissions(path, fs::perms::owner_write, fs::perm_options::add, ec);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out << kept;
    }
    return changed;
}

} // namespace kwb::runner
