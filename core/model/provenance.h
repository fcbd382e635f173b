#pragma once

#include <QJsonObject>
#include <QString>

namespace kwb {

// Where a turn came from: sampled from a policy, edited by a person, replayed, imported or generated.
struct Provenance
{
    enum class Kind { Agent, HumanEdit, Replay, Import, Scripted, Synthetic };

    Kind kind = Kind::Agent;
    QString agent; // policy name, e.g. "openai-chat"
    QString model;
    QJsonObject sampling; // temperature, top_p, max_tokens, seed ...
    QString author; // for human edits
    QString source; // for imports: the file or tool it came from

    bool isSynthetic() const { return kind == Kind::Synthetic; }
    QJsonObject toJson() const;
    static Provenance fromJson(const QJsonObject& o, QString* error);
    static QString kindName(Kind k);

    bool operator==(const Provenance&) const = default;
};

} // namespace kwb
