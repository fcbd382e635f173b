#pragma once

#include "policy.h"

#include <QJsonArray>
#include <QList>
#include <QString>
#include <memory>

namespace kwb::agent {

// A policy that answers from a script: a JSON array of actions, one per response, in order. An action is an
// assistant message {"text", "reasoning", "tool_calls": [{"name", "arguments"}]}, where "arguments" is an object
// or, as a model writes it, a string (one that is not a JSON object becomes ToolCall::rawArguments); or
// {"fail": "sentence"}, which fails that response. Tool call ids are "call_<action>_<call>", counted from 1, so
// the same script always gives the same ids. Replies come from the event loop, after an optional delay.
//
// A script that has run out fails the next response rather than inventing a final answer: running out is a
// mistake in the script, and a made-up answer would end up in recorded samples as if the script had said it.
class ScriptedPolicy : public Policy
{
    Q_OBJECT
public:
    // Checks every action; nullptr and one sentence when one is malformed. `source` names the script in the
    // provenance of the turns it produces (for a file: its file name).
    static std::unique_ptr<ScriptedPolicy> fromJson(
        const QJsonArray& actions, const QString& source, QString* error, QObject* parent = nullptr);
    static std::unique_ptr<ScriptedPolicy> fromFile(const QString& path, QString* error, QObject* parent = nullptr);

    Provenance provenance() const override; // kind Scripted, agent "scripted", source the script
    void next(const PolicyContext& context) override;
    void cancel() override;

    void setReplyDelay(int ms) { m_delayMs = ms; } // before each answer, to stand in for a model's latency
    qsizetype size() const { return m_actions.size(); }
    qsizetype position() const { return m_position; } // actions answered so far
    const QList<PolicyContext>& contexts() const { return m_contexts; } // what each next() was given

private:
    struct Action
    {
        Message message;
        QString failure; // not empty: this response fails with it
    };
    ScriptedPolicy(QList<Action> actions, const QString& source, QObject* parent);
    void answer(quint64 run);

    QList<Action> m_actions;
    QString m_source;
    qsizetype m_position = 0;
    QList<PolicyContext> m_contexts;
    int m_delayMs = 0;
    quint64 m_run = 0; // changes on next() and cancel(): an answer still scheduled for an older one is dropped
};

} // namespace kwb::agent
