#include "scriptedpolicy.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTimer>

namespace kwb::agent {

namespace {

// One tool call of an action; false and a sentence fragment when it is malformed.
bool readCall(const QJsonValue& value, int action, int index, ToolCall* call, QString* error)
{
    const QJsonObject o = value.toObject();
    const QJsonValue name = o.value(QLatin1String("name"));
    if (!value.isObject() || !name.isString() || name.toString().isEmpty()) {
        *error = ScriptedPolicy::tr("tool call %1 of action %2 has no name").arg(index).arg(action);
        return false;
    }
    for (auto it = o.begin(); it != o.end(); ++it) {
        if (it.key() != QLatin1String("name") && it.key() != QLatin1String("arguments")) {
            *error = ScriptedPolicy::tr("tool call %1 of action %2 has an unknown key \"%3\"")
                         .arg(index)
                         .arg(action)
                         .arg(it.key());
            return false;
        }
    }
    call->id = QStringLiteral("call_%1_%2").arg(action).arg(index);
    call->name = name.toString();
    const QJsonValue arguments = o.value(QLatin1String("arguments"));
    if (arguments.isObject()) {
        call->arguments = arguments.toObject();
    } else if (arguments.isString()) {
        // As a model writes it: a JSON object in a string, or text the engine must answer with a tool error.
        // Blank is no arguments, as ChatPolicy reads it.
        const QString text = arguments.toString();
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8());
        if (doc.isObject())
            call->arguments = doc.object();
        else if (!text.trimmed().isEmpty())
            call->rawArguments = text;
    } else if (!arguments.isUndefined() && !arguments.isNull()) {
        *error = ScriptedPolicy::tr("tool call %1 of action %2 has arguments that are neither an object nor a string")
                     .arg(index)
                     .arg(action);
        return false;
    }
    return true;
}

} // namespace

ScriptedPolicy::ScriptedPolicy(QList<Action> actions, const QString& source, QObject* parent)
    : Policy(parent)
    , m_actions(std::move(actions))
    , m_source(source)
{ }

std::unique_ptr<ScriptedPolicy> ScriptedPolicy::fromJson(
    const QJsonArray& actions, const QString& source, QString* error, QObject* parent)
{
    static const QSet<QString> keys { QStringLiteral("text"), QStringLiteral("reasoning"), QStringLiteral("tool_calls"),
        QStringLiteral("fail") };
    QList<Action> parsed;
    QString problem;
    for (int i = 0; i < actions.size() && problem.isEmpty(); ++i) {
        const int number = i + 1;
        const QJsonObject o = actions.at(i).toObject();
        if (!actions.at(i).isObject()) {
            problem = tr("action %1 is not a JSON object").arg(number);
            break;
        }
        for (auto it = o.begin(); it != o.end() && problem.isEmpty(); ++it) {
            if (!keys.contains(it.key()))
                problem = tr("action %1 has an unknown key \"%2\"").arg(number).arg(it.key());
            else if (it.key() != QLatin1String("tool_calls") && !it.value().isString())
                problem = tr("\"%1\" of action %2 is not a string").arg(it.key()).arg(number);
        }
        if (!problem.isEmpty())
            break;
        Action action;
        if (o.contains(QLatin1String("fail"))) {
            action.failure = o.value(QLatin1String("fail")).toString();
            if (action.failure.isEmpty())
                problem = tr("action %1 fails without saying why").arg(number);
            parsed.append(action);
            continue;
        }
        action.message.role = Message::Role::Assistant;
        action.message.text = o.value(QLatin1String("text")).toString();
        action.message.reasoning = o.value(QLatin1String("reasoning")).toString();
        const QJsonValue calls = o.value(QLatin1String("tool_calls"));
        if (!calls.isUndefined() && !calls.isArray()) {
            problem = tr("\"tool_calls\" of action %1 is not an array").arg(number);
            break;
        }
        const QJsonArray list = calls.toArray();
        for (int c = 0; c < list.size() && problem.isEmpty(); ++c) {
            ToolCall call;
            if (readCall(list.at(c), number, c + 1, &call, &problem))
                action.message.toolCalls.append(call);
        }
        if (action.message.text.isEmpty() && action.message.toolCalls.isEmpty() && problem.isEmpty())
            problem = tr("action %1 has neither text nor tool calls").arg(number);
        parsed.append(action);
    }
    if (!problem.isEmpty()) {
        *error = tr("The script %1 cannot be used: %2.").arg(source, problem);
        return nullptr;
    }
    return std::unique_ptr<ScriptedPolicy>(new ScriptedPolicy(std::move(parsed), source, parent));
}

std::unique_ptr<ScriptedPolicy> ScriptedPolicy::fromFile(const QString& path, QString* error, QObject* parent)
{
    const QString name = QFileInfo(path).fileName();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("The script %1 cannot be read: %2.").arg(path, file.errorString());
        return nullptr;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isArray()) {
        *error = parseError.error != QJsonParseError::NoError
            ? tr("The script %1 is not valid JSON: %2 at byte %3.")
                  .arg(name, parseError.errorString())
                  .arg(parseError.offset)
            : tr("The script %1 is not a JSON array of actions.").arg(name);
        return nullptr;
    }
    return fromJson(doc.array(), name, error, parent);
}

Provenance ScriptedPolicy::provenance() const
{
    Provenance p;
    p.kind = Provenance::Kind::Scripted;
    p.agent = QStringLiteral("scripted");
    p.source = m_source;
    return p;
}

void ScriptedPolicy::next(const PolicyContext& context)
{
    m_contexts.append(context);
    const quint64 run = ++m_run;
    QTimer::singleShot(m_delayMs, this, [this, run] { answer(run); });
}

void ScriptedPolicy::cancel()
{
    ++m_run;
}

void ScriptedPolicy::answer(quint64 run)
{
    if (run != m_run)
        return;
    if (m_position >= m_actions.size()) {
        Q_EMIT failed(
            tr("The script %1 has no more actions (it has %n).", nullptr, int(m_actions.size())).arg(m_source));
        return;
    }
    const Action action = m_actions.at(m_position++);
    if (!action.failure.isEmpty()) {
        Q_EMIT failed(action.failure);
        return;
    }
    Q_EMIT partial(action.message.text, action.message.reasoning);
    if (run == m_run) // a slot of partial() may have cancelled
        Q_EMIT replied(action.message);
}

} // namespace kwb::agent
