#include "replaypolicy.h"

#include <QTimer>

namespace kwb::agent {

ReplayPolicy::ReplayPolicy(
    const Trajectory& recording, const QString& leafUuid, const QString& afterTurnUuid, QObject* parent)
    : Policy(parent)
    , m_trajectoryUuid(recording.uuid)
{
    const QList<const Turn*> branch = recording.branch(leafUuid);
    bool started = afterTurnUuid.isEmpty();
    for (const Turn* turn : branch) {
        if (!started) {
            started = turn->uuid == afterTurnUuid;
            continue;
        }
        const Message* assistant = turn->assistantMessage();
        if (!assistant)
            continue;
        Response response { *assistant, turn->provenance, turn->uuid };
        response.message.latencyMs = -1;
        m_responses.append(response);
    }
}

Provenance ReplayPolicy::provenance() const
{
    Provenance p;
    p.kind = Provenance::Kind::Replay;
    if (m_position == 0) {
        p.agent = QStringLiteral("replay");
        p.source = m_trajectoryUuid;
        return p;
    }
    const Response& last = m_responses.at(m_position - 1);
    p.agent = last.recorded.agent.isEmpty() ? QStringLiteral("replay") : last.recorded.agent;
    p.model = last.recorded.model;
    p.sampling = last.recorded.sampling;
    p.source = m_trajectoryUuid + QLatin1Char('/') + last.turnUuid;
    return p;
}

void ReplayPolicy::next(const PolicyContext&)
{
    const quint64 run = ++m_run;
    QTimer::singleShot(0, this, [this, run] { answer(run); });
}

void ReplayPolicy::cancel()
{
    ++m_run;
}

void ReplayPolicy::answer(quint64 run)
{
    if (run != m_run)
        return;
    if (m_position >= m_responses.size()) {
        Q_EMIT failed(
            tr("The recording has no more responses to replay (it has %n).", nullptr, int(m_responses.size())));
        return;
    }
    const Message message = m_responses.at(m_position++).message;
    Q_EMIT partial(message.text, message.reasoning);
    if (run == m_run)
        Q_EMIT replied(message);
}

} // namespace kwb::agent
