#pragma once

#include "model/trajectory.h"
#include "policy.h"

#include <QList>
#include <QString>

namespace kwb::agent {

// Answers with the assistant messages recorded along a branch of a trajectory, in order: root -> leaf, or from
// the turn after `afterTurnUuid` on. Turns without an assistant message (a human edit) are passed over. Replies
// come from the event loop; failed() when the recording has no more. The messages keep their tool call ids and
// token counts; their latency is dropped, since nothing was waited for.
//
// provenance() describes the message replied last: kind Replay, the recorded turn's agent, model and sampling,
// and source "<trajectory uuid>/<turn uuid>" of the recording (before the first reply: the trajectory's uuid).
class ReplayPolicy : public Policy
{
    Q_OBJECT
public:
    // The trajectory must be loaded with its messages (Store::Depth::Full).
    ReplayPolicy(const Trajectory& recording, const QString& leafUuid, const QString& afterTurnUuid = {},
        QObject* parent = nullptr);

    Provenance provenance() const override;
    void next(const PolicyContext& context) override;
    void cancel() override;

    qsizetype size() const { return m_responses.size(); }
    qsizetype position() const { return m_position; } // responses replayed so far

private:
    struct Response
    {
        Message message;
        Provenance recorded;
        QString turnUuid;
    };
    void answer(quint64 run);

    QString m_trajectoryUuid;
    QList<Response> m_responses;
    qsizetype m_position = 0;
    quint64 m_run = 0;
};

} // namespace kwb::agent
