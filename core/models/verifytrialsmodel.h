#pragma once

#include "model/evalresult.h"

#include <QAbstractTableModel>

namespace kwb {

// The correctness trials of one evaluation: pass or fail and how far each output was from the reference.
class VerifyTrialsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { TrialColumn, ResultColumn, MaxAbsColumn, MaxRelColumn, MismatchColumn, MessageColumn, ColumnCount };

    explicit VerifyTrialsModel(QObject* parent = nullptr);

    void setTrials(const QList<VerifyTrial>& trials);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString scientific(double value); // "" for unknown

private:
    QList<VerifyTrial> m_trials;
};

} // namespace kwb
