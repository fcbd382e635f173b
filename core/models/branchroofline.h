#pragma once

#include "model/roofline.h"
#include "model/trajectory.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace kwb {

class TurnGraph;

// The roofline of one branch: each correct, timed turn's point; eager PyTorch's and torch.compile's points of
// the latest turn that timed them; the roofs of the latest calibration; and what to say when there is nothing
// to draw. Zero-FLOP tasks (intensity 0 has no place on a log axis) are drawn as achieved bandwidth per turn.
class BranchRoofline
{
    Q_DECLARE_TR_FUNCTIONS(kwb::BranchRoofline)
public:
    enum class Mode { Message, Roofline, Bandwidth };

    struct TurnPoint
    {
        int turn = -1; // index into the trajectory's turns
        int number = 0; // 1-based position on the branch, as the window labels turns
        RooflinePoint point;
    };

    struct Roof
    {
        QString precision; // "fp32", "tf32", "bf16", "fp16"
        double rate = kUnknown; // FLOP/s
    };

    BranchRoofline() = default;
    // branch: root -> leaf, indexes into trajectory.turns.
    BranchRoofline(const Trajectory& trajectory, const TurnGraph& graph, const QList<int>& branch);

    Mode mode() const { return m_mode; }
    QString message() const { return m_message; } // why there is no plot, in Message mode
    int length() const { return m_length; } // the number of the branch's last turn
    const QList<TurnPoint>& points() const { return m_points; }
    const TurnPoint* pointOf(int turn) const;
    const TurnPoint& eager() const { return m_eager; } // turn -1 when no turn timed it
    const TurnPoint& compiled() const { return m_compiled; }

    const Ceilings& ceilings() const { return m_ceilings; } // of the latest calibrated turn
    double bandwidth() const { return m_ceilings.bandwidth; }
    const Roof& roof() const { return m_roof; } // the matrix rate at the branch's TF32 policy
    const QList<Roof>& otherRoofs() const { return m_otherRoofs; } // the other calibrated precisions
    double ridge() const; // of roof()

    // The line under the plot for one turn: "bound: memory, 83 % of roofline, 3.61 TB/s of 4.35 TB/s".
    QString summary(const Trajectory& trajectory, int turn) const;

    // "3.61 TB/s", "40.0 TFLOP/s", "512 MB/s": three significant digits with an SI prefix.
    static QString withPrefix(double value, const QString& unit);

private:
    Mode m_mode = Mode::Message;
    QString m_message;
    int m_length = 0;
    QList<TurnPoint> m_points;
    TurnPoint m_eager;
    TurnPoint m_compiled;
    Ceilings m_ceilings;
    Roof m_roof;
    QList<Roof> m_otherRoofs;
};

} // namespace kwb
