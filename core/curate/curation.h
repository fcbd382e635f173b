#pragma once

#include "model/annotation.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace kwb {

class Store;

// Curation edits on a store: labels, tags, notes and human scores on a trajectory, on a turn, or on the branch that
// ends at a turn. Every edit is one transaction and persists at once. A trajectory's own Label annotations are
// mirrored into its label list, which the trajectory list filters on. A human score keeps the value it overrides
// (the turn's reward) with who gave it and when.
class Curation
{
public:
    struct Target
    {
        qint64 trajectoryId = 0;
        qint64 turnId = 0; // 0 for the trajectory itself
        Annotation::Scope scope = Annotation::Scope::Trajectory; // Turn or Branch with a turn id
    };

    explicit Curation(Store& store);

    std::optional<QList<Annotation>> annotations(const Target& target, QString* error) const;
    // Every label in use: the trajectories' own and those on turns and branches, sorted, for offering again.
    std::optional<QStringList> labels(QString* error) const;
    // Adds an annotation (a Score on a turn gets the turn's reward as its `previous` when it has none).
    bool add(const Target& target, Annotation annotation, QString* error);
    // Removes the first annotation equal to this one; false with an error when there is none.
    bool remove(const Target& target, const Annotation& annotation, QString* error);
    // Adds (or removes) a trajectory label on every trajectory given, in one transaction: all of them or none.
    bool labelTrajectories(const QList<qint64>& trajectoryIds, const QString& label, bool add, const QString& author,
        QString* error);

    // Teaching notes: each target's Lesson annotations become exactly the one given (a target given twice keeps
    // the last), all in one transaction, so a lesson file can be applied again without piling up copies.
    bool setLessons(const QList<std::pair<Target, Annotation>>& lessons, QString* error);
    // In one transaction: removes the first annotation equal to each of `remove` (false when one is not there), then
    // adds `add` (a lesson that replaces another, and its undo).
    bool swap(const Target& target, const QList<Annotation>& remove, const QList<Annotation>& add, QString* error);
    // The turn with this uuid as a target of the given scope (Turn or Branch); nullopt and a sentence otherwise.
    std::optional<Target> turnTarget(const QString& uuid, Annotation::Scope scope, QString* error) const;

private:
    bool write(const Target& target, const QList<Annotation>& annotations, QString* error);
    bool mirrorLabel(qint64 trajectoryId, const QString& label, bool present, QString* error);

    Store& m_store;
};

} // namespace kwb
