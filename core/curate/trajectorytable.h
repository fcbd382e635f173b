#pragma once

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace kwb {

class Store;
struct Trajectory;
struct Turn;

// One row per trajectory: eager PyTorch, torch.compile and the best kernel (the best correct turn, by speed-up over
// torch.compile, as RunSummary counts it), all medians of that turn's own evaluation, with the speed-ups and, where
// the trajectory's lesson gives one, the CUDA Agent paper's figure for the same pattern. The README's sample table
// is this table as `kwb summary --per-trajectory` prints it.
class TrajectoryTable
{
    Q_DECLARE_TR_FUNCTIONS(kwb::TrajectoryTable)
public:
    struct Row
    {
        QString uuid;
        QString title;
        QString task;
        int level = 0;
        QString finalTurn; // uuid of the best correct turn; empty when no turn was correct and timed
        double eagerMs = 0, compileMs = 0, kernelMs = 0; // NaN when unknown
        double speedupVsEager = 0, speedupVsCompile = 0;
        double paperVsCompile = 0; // NaN when the paper gives no figure
        QString paperCase;
        QJsonObject fingerprint; // of the final turn's evaluation
    };

    // The best correct, timed turn of a trajectory (nullptr when there is none).
    static const Turn* finalTurn(const Trajectory& trajectory);
    static Row row(const Trajectory& trajectory);
    static std::optional<QList<Row>> rows(const Store& store, const QList<qint64>& trajectoryIds, QString* error);

    // A Markdown table, then one line naming the environment (when every final turn shares one).
    static QString toMarkdown(const QList<Row>& rows);
    static QJsonArray toJson(const QList<Row>& rows);
    // How the table writes a time and a speed-up: "0.087" (ms, three decimals) and "34.96×"; "–" when unknown.
    static QString formatMs(double ms);
    static QString formatTimes(double x);
    // "NVIDIA H200, driver 580.159.04, CUDA 13.0, torch 2.11.0+cu130, TF32 fp32, flags -O3 ..." from a fingerprint.
    static QString describeEnvironment(const QJsonObject& fingerprint);
};

} // namespace kwb
