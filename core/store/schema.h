#pragma once

#include <QJsonArray>
#include <QSqlDatabase>
#include <QString>

namespace kwb {

// The store's schema as a list of migrations; version N is reached by applying migrations 1..N in order.
class Schema
{
public:
    static constexpr int kCurrentVersion = 6;

    // Brings a store from `from` to `to` inside the caller's transaction; sets user_version.
    static bool migrate(QSqlDatabase& db, int from, int to, QString* error);

    // Full-text rows of turns are keyed by trajectory and position, so a search yields trajectories directly.
    static constexpr int kTurnSeqBits = 20;
    static qint64 turnTextRowId(qint64 trajectoryId, int seq) { return (trajectoryId << kTurnSeqBits) | seq; }

    // What full-text search sees of a turn and of a blob; null when a blob is not worth indexing (binary, huge).
    static QString turnSearchText(const QJsonArray& messages);
    static QString blobSearchText(const QByteArray& data);

    // A trajectory's status from its turns' stages (columns named with `prefix`, e.g. "t."), as an SQL CASE over
    // them: correct, incorrect, compile-error, environment-error (only evaluations that were not the candidate's
    // to fail: no GPU, a lost host) or not-evaluated.
    static QString trajectoryStatusCase(const QString& prefix = QString());

    // Each trajectory's "% roofline" again from its correct turns' own, after turns' roofline values changed.
    static bool refreshBestRoofline(QSqlDatabase& db, QString* error);

private:
    static bool apply(QSqlDatabase& db, int version, QString* error);
};

} // namespace kwb
