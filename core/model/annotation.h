#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace kwb {

// A curation mark on a trajectory, a turn or the branch that ends at a turn. A score keeps the value it replaced.
struct Annotation
{
    enum class Kind { Label, Tag, Note, Score, Lesson };
    enum class Scope { Trajectory, Turn, Branch };

    Kind kind = Kind::Label;
    Scope scope = Scope::Turn;
    QString value;
    QString author;
    QDateTime created;
    QString previous; // for Score: the value (or reward) it overrides
    // For Lesson: what the teaching mode shows besides the text. On a turn {"look_for": [{"kernel": regex,
    // "note": sentence}]}, on a trajectory {"paper": {"speedup_vs_compile": x, "case": name}}.
    QJsonObject details = {};

    QJsonObject toJson() const;
    static Annotation fromJson(const QJsonObject& o, QString* error);
    static QString kindName(Kind k);
    static QString scopeName(Scope s);

    bool operator==(const Annotation&) const = default;
};

} // namespace kwb
