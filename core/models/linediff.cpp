#include "linediff.h"

#include <QHash>

#include <algorithm>
#include <vector>

namespace kwb {

namespace {

enum class Op { Keep, Delete, Insert };

// Myers' greedy forward search; returns false when the edit cost passes maxCost.
bool myers(const std::vector<int>& a, const std::vector<int>& b, int maxCost, std::vector<Op>* script)
{
    const int n = int(a.size());
    const int m = int(b.size());
    const int limit = std::min(n + m, maxCost);
    const int offset = limit + 1;
    std::vector<int> v(size_t(2 * limit + 3), 0);
    std::vector<std::vector<int>> trace; // v restricted to [-d, d] after each round d
    for (int d = 0; d <= limit; ++d) {
        for (int k = -d; k <= d; k += 2) {
            int x = (k == -d || (k != d && v[size_t(offset + k - 1)] < v[size_t(offset + k + 1)]))
                ? v[size_t(offset + k + 1)]
                : v[size_t(offset + k - 1)] + 1;
            int y = x - k;
            while (x < n && y < m && a[size_t(x)] == b[size_t(y)]) {
                ++x;
                ++y;
            }
            v[size_t(offset + k)] = x;
            if (x >= n && y >= m) {
                trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
                // Walk back through the rounds to recover the script.
                int cx = n;
                int cy = m;
                std::vector<Op> reversed;
                for (int dd = d; dd > 0; --dd) {
                    const std::vector<int>& prev = trace[size_t(dd - 1)];
                    const int ck = cx - cy;
                    auto at = [&](int kk) { return prev[size_t(kk + dd - 1)]; };
                    const bool down = ck == -dd || (ck != dd && at(ck - 1) < at(ck + 1));
                    const int pk = down ? ck + 1 : ck - 1;
                    const int px = at(pk);
                    const int py = px - pk;
                    while (cx > px + (down ? 0 : 1) && cy > py + (down ? 1 : 0)) {
                        reversed.push_back(Op::Keep);
                        --cx;
                        --cy;
                    }
                    reversed.push_back(down ? Op::Insert : Op::Delete);
                    cx = px;
                    cy = py;
                }
                while (cx > 0 && cy > 0) {
                    reversed.push_back(Op::Keep);
                    --cx;
                    --cy;
                }
                script->assign(reversed.rbegin(), reversed.rend());
                return true;
            }
        }
        trace.emplace_back(v.begin() + offset - d, v.begin() + offset + d + 1);
    }
    return false;
}

} // namespace

QStringList LineDiff::splitLines(const QString& text)
{
    if (text.isEmpty())
        return {};
    QStringList lines = text.split(QLatin1Char('\n'));
    if (text.endsWith(QLatin1Char('\n')))
        lines.removeLast();
    for (QString& line : lines) {
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
    }
    return lines;
}

namespace {

QStringList words(const QString& line, QList<int>* starts)
{
    QStringList out;
    qsizetype i = 0;
    const auto isWord = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    while (i < line.size()) {
        qsizetype end = i + 1;
        if (isWord(line.at(i))) {
            while (end < line.size() && isWord(line.at(end)))
                ++end;
        } else if (line.at(i).isSpace()) {
            while (end < line.size() && line.at(end).isSpace())
                ++end;
        }
        starts->append(int(i));
        out.append(line.mid(i, end - i));
        i = end;
    }
    starts->append(int(line.size()));
    return out;
}

void addRange(QList<LineDiff::Range>* ranges, int start, int end)
{
    if (end <= start)
        return;
    if (!ranges->isEmpty() && ranges->last().start + ranges->last().length == start)
        ranges->last().length += end - start; // one range for neighbouring changed words
    else
        ranges->append({ start, end - start });
}

} // namespace

LineDiff::WordChanges LineDiff::wordChanges(const QString& oldLine, const QString& newLine)
{
    QList<int> oldStarts, newStarts;
    const QStringList oldWords = words(oldLine, &oldStarts);
    const QStringList newWords = words(newLine, &newStarts);
    WordChanges out;
    const LineDiff diff = compute(oldWords, newWords);
    for (const Hunk& h : diff.hunks()) {
        if (h.kind == Kind::Equal)
            continue;
        addRange(&out.oldRanges, oldStarts.at(h.oldStart), oldStarts.at(h.oldStart + h.oldCount));
        addRange(&out.newRanges, newStarts.at(h.newStart), newStarts.at(h.newStart + h.newCount));
    }
    return out;
}

QList<LineDiff::Hunk> LineDiff::changes() const
{
    QList<Hunk> out;
    for (const Hunk& h : m_hunks) {
        if (h.kind != Kind::Equal)
            out.append(h);
    }
    return out;
}

LineDiff LineDiff::compute(const QString& oldText, const QString& newText, int maxCost)
{
    return compute(splitLines(oldText), splitLines(newText), maxCost);
}

LineDiff LineDiff::compute(const QStringList& oldLines, const QStringList& newLines, int maxCost)
{
    LineDiff diff;
    diff.m_oldSize = int(oldLines.size());
    diff.m_newSize = int(newLines.size());
    int prefix = 0;
    while (prefix < diff.m_oldSize && prefix < diff.m_newSize && oldLines.at(prefix) == newLines.at(prefix))
        ++prefix;
    int suffix = 0;
    while (suffix < diff.m_oldSize - prefix && suffix < diff.m_newSize - prefix
        && oldLines.at(diff.m_oldSize - 1 - suffix) == newLines.at(diff.m_newSize - 1 - suffix))
        ++suffix;
    diff.append(Kind::Equal, 0, prefix, 0, prefix);

    // Interning turns line comparisons into integer comparisons.
    QHash<QString, int> ids;
    auto intern = [&ids](const QStringList& lines, int from, int to) {
        std::vector<int> out;
        out.reserve(size_t(std::max(0, to - from)));
        for (int i = from; i < to; ++i) {
            auto it = ids.constFind(lines.at(i));
            if (it == ids.constEnd())
                it = ids.insert(lines.at(i), int(ids.size()));
            out.push_back(it.value());
        }
        return out;
    };
    const std::vector<int> a = intern(oldLines, prefix, diff.m_oldSize - suffix);
    const std::vector<int> b = intern(newLines, prefix, diff.m_newSize - suffix);
    std::vector<Op> script;
    if (myers(a, b, maxCost, &script)) {
        int x = prefix;
        int y = prefix;
        size_t i = 0;
        while (i < script.size()) {
            if (script[i] == Op::Keep) {
                int run = 0;
                while (i < script.size() && script[i] == Op::Keep) {
                    ++run;
                    ++i;
                }
                diff.append(Kind::Equal, x, run, y, run);
                x += run;
                y += run;
                continue;
            }
            int deleted = 0;
            int inserted = 0;
            while (i < script.size() && script[i] != Op::Keep) {
                (script[i] == Op::Delete ? deleted : inserted) += 1;
                ++i;
            }
            const Kind kind = deleted && inserted ? Kind::Changed : deleted ? Kind::Removed : Kind::Added;
            diff.append(kind, x, deleted, y, inserted);
            x += deleted;
            y += inserted;
        }
    } else {
        diff.m_approximate = true;
        const int oldCount = int(a.size());
        const int newCount = int(b.size());
        const Kind kind = oldCount && newCount ? Kind::Changed : oldCount ? Kind::Removed : Kind::Added;
        diff.append(kind, prefix, oldCount, prefix, newCount);
    }
    diff.append(Kind::Equal, diff.m_oldSize - suffix, suffix, diff.m_newSize - suffix, suffix);
    diff.countLines();
    return diff;
}

void LineDiff::append(Kind kind, int oldStart, int oldCount, int newStart, int newCount)
{
    if (oldCount == 0 && newCount == 0)
        return;
    if (!m_hunks.isEmpty() && kind == Kind::Equal && m_hunks.last().kind == Kind::Equal) {
        m_hunks.last().oldCount += oldCount;
        m_hunks.last().newCount += newCount;
        return;
    }
    m_hunks.append({ kind, oldStart, oldCount, newStart, newCount });
}

void LineDiff::countLines()
{
    for (const Hunk& h : std::as_const(m_hunks)) {
        switch (h.kind) {
        case Kind::Equal:
            break;
        case Kind::Removed:
            m_removed += h.oldCount;
            break;
        case Kind::Added:
            m_added += h.newCount;
            break;
        case Kind::Changed:
            m_changedOld += h.oldCount;
            m_changedNew += h.newCount;
            break;
        }
    }
}

QList<LineDiff::Kind> LineDiff::oldLineKinds() const
{
    QList<Kind> kinds;
    kinds.reserve(m_oldSize);
    for (const Hunk& h : m_hunks)
        kinds.insert(kinds.size(), h.oldCount, h.kind == Kind::Added ? Kind::Equal : h.kind);
    return kinds;
}

QList<LineDiff::Kind> LineDiff::newLineKinds() const
{
    QList<Kind> kinds;
    kinds.reserve(m_newSize);
    for (const Hunk& h : m_hunks)
        kinds.insert(kinds.size(), h.newCount, h.kind == Kind::Removed ? Kind::Equal : h.kind);
    return kinds;
}

int LineDiff::mapOldToNew(int oldLine) const
{
    for (const Hunk& h : m_hunks) {
        if (oldLine < h.oldStart + h.oldCount)
            return h.newStart + std::min(std::max(0, oldLine - h.oldStart), std::max(0, h.newCount - 1));
    }
    return std::max(0, m_newSize - 1 + (oldLine - m_oldSize + 1));
}

int LineDiff::mapNewToOld(int newLine) const
{
    for (const Hunk& h : m_hunks) {
        if (newLine < h.newStart + h.newCount)
            return h.oldStart + std::min(std::max(0, newLine - h.newStart), std::max(0, h.oldCount - 1));
    }
    return std::max(0, m_oldSize - 1 + (newLine - m_newSize + 1));
}

} // namespace kwb
