#pragma once

#include "curate/curation.h"
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

// The fixture: the first four turns of the diag(d) @ B case study as the scripted policy recorded them on an H200
// (a correct row scaling, a compile error, a verification failure, the fixed kernel), with the lessons the tests set.
namespace kwb::test {

inline QString diagFixture()
{
    return QStringLiteral(KWB_SAMPLE_FIXTURES "/diag_matmul_h200_partial.kwb");
}

// A writable copy of the fixture at `path`.
inline bool copyDiagFixture(const QString& path)
{
    QFile::remove(path);
    return QFile::copy(diagFixture(), path) && QFile(path).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
}

inline QString lessonFor(int turn)
{
    return QStringLiteral("Lesson of turn %1: what changed and where to look.").arg(turn + 1);
}

// A summary with the paper's figure, a lesson on every turn, and "row_scale" to look for on the last one.
inline bool addDiagLessons(Store& store, QString* error)
{
    const auto ids = store.trajectoryIds(TrajectoryFilter(), TrajectoryColumn::Created, false, error);
    if (!ids || ids->size() != 1)
        return false;
    const auto t = store.trajectory(ids->first(), Store::Depth::Headers, error);
    if (!t)
        return false;
    Curation curation(store);
    QList<std::pair<Curation::Target, Annotation>> lessons;
    Annotation summary;
    summary.value = QStringLiteral("The product only scales rows.");
    summary.details = { { QStringLiteral("paper"),
        QJsonObject { { QStringLiteral("speedup_vs_compile"), 73.31 }, { QStringLiteral("case"), QStringLiteral("Diagonal matmul (level 1)") } } } };
    lessons.append({ { t->storeId, 0, Annotation::Scope::Trajectory }, summary });
    for (int i = 0; i < t->turns.size(); ++i) {
        Annotation a;
        a.value = lessonFor(i);
        QJsonArray lookFor;
        if (i == t->turns.size() - 1)
            lookFor.append(QJsonObject { { QStringLiteral("kernel"), QStringLiteral("row_scale") },
                { QStringLiteral("note"), QStringLiteral("one kernel, one pass") } });
        a.details = { { QStringLiteral("step"), QStringLiteral("step-%1").arg(i + 1) }, { QStringLiteral("look_for"), lookFor } };
        lessons.append({ { t->storeId, t->turns.at(i).storeId, Annotation::Scope::Turn }, a });
    }
    return curation.setLessons(lessons, error);
}

} // namespace kwb::test
