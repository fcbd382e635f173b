#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

// A line diff of two texts (Myers' O(ND) algorithm on interned lines), grouped into hunks. Lines that were
// replaced count as changed on both sides; a diff whose edit cost passes the cap is reported as one changed
// block between the common prefix and suffix, so a pathological pair of files cannot stall the window.
class LineDiff
{
public:
    enum class Kind { Equal, Removed, Added, Changed };

    struct Hunk
    {
        Kind kind = Kind::Equal;
        int oldStart = 0; // 0-based
        int oldCount = 0;
        int newStart = 0;
        int newCount = 0;
        bool operator==(const Hunk&) const = default;
    };

    static constexpr int kDefaultMaxCost = 2000;

    static LineDiff compute(const QStringList& oldLines, const QStringList& newLines, int maxCost = kDefaultMaxCost);
    static LineDiff compute(const QString& oldText, const QString& newText, int maxCost = kDefaultMaxCost);
    static QStringList splitLines(const QString& text);

    // The words that differ between two versions of one line, as (start, length) ranges of characters on each
    // side: the line is cut into words, runs of blanks and single other characters, and those are diffed.
    struct Range
    {
        int start = 0;
        int length = 0;
        bool operator==(const Range&) const = default;
    };
    struct WordChanges
    {
        QList<Range> oldRanges;
        QList<Range> newRanges;
    };
    static WordChanges wordChanges(const QString& oldLine, const QString& newLine);
    // The hunks that are not Equal: what next/previous change steps through.
    QList<Hunk> changes() const;

    const QList<Hunk>& hunks() const { return m_hunks; } // all hunks, Equal ones included, in order
    QList<Kind> oldLineKinds() const; // one per old line: Equal, Removed or Changed
    QList<Kind> newLineKinds() const; // one per new line: Equal, Added or Changed
    int mapOldToNew(int oldLine) const; // the new line shown beside an old line (for locked scrolling)
    int mapNewToOld(int newLine) const;
    int addedLines() const { return m_added; }
    int removedLines() const { return m_removed; }
    int changedOldLines() const { return m_changedOld; }
    int changedNewLines() const { return m_changedNew; }
    bool isIdentical() const { return m_added + m_removed + m_changedOld + m_changedNew == 0; }
    bool isApproximate() const { return m_approximate; }

private:
    void append(Kind kind, int oldStart, int oldCount, int newStart, int newCount);
    void countLines();

    QList<Hunk> m_hunks;
    int m_oldSize = 0;
    int m_newSize = 0;
    int m_added = 0;
    int m_removed = 0;
    int m_changedOld = 0;
    int m_changedNew = 0;
    bool m_approximate = false;
};

} // namespace kwb
