#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

namespace kwb {

// A curation mark on a trajectory, a turn or the branch that ends at a turn. A score keeps the value it replaced.
struct Annotation
{
    enum class Kind { Label, Tag, Note, Score };
    enum class Scope { Trajectory, Turn, Branch };

    Kind kind = Kind::Label;
    Scope scope = Scope::Turn;
    QString value;
    QString author;
    QDateTime created;
    QString previous; // for Score: the value (or reward) it overrides

    QJsonObject toJson() const;
    static Annotation fromJson(const QJsonObject& o, QString* error);
    static QString kindName(Kind k);
    static QString scopeName(Scope s);

    bool operator==(const Annotation&) const = default;
};

} // namespace kwb
