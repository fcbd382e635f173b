#pragma once

#include "model/evalresult.h"

#include <QAbstractTableModel>

namespace kwb {

// Candidate, eager and torch.compile timings of one evaluation side by side: median, spread and samples.
class TimingModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Row { CandidateRow, EagerRow, CompiledRow, RowCount };
    enum Column { NameColumn, MedianColumn, P20Column, P80Column, MinColumn, SpreadColumn, SamplesColumn,
        SpeedupColumn, ColumnCount };

    explicit TimingModel(QObject* parent = nullptr);

    void setTiming(const EvalResult::Timing& timing);
    static QString microseconds(double us); // "" for unknown

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    const TimingStats& stats(int row) const;

    EvalResult::Timing m_timing;
};

} // namespace kwb
