#pragma once

#include "model/evalresult.h"

#include <QWidget>
#include <optional>

class QComboBox;
class QLabel;
class QTableView;

namespace kwb {

class NcuMetricsModel;

// A turn's Nsight Compute metrics beside the turn: a kernel selector when several launches were profiled, the
// metrics with readable labels and units, and, against another turn's profile, that turn's values and the
// differences. While a profile is being measured a busy line with Cancel shows above whatever is shown.
class NcuView : public QWidget
{
    Q_OBJECT
public:
    explicit NcuView(QWidget* parent = nullptr);

    void setProfile(const NcuProfile* profile); // nullptr: this turn has none; the view keeps a copy
    void setComparison(const NcuProfile* profile, const QString& label); // nullptr: no comparison
    void setBusy(bool busy, const QString& what = {});

    void setCurrentKernel(int index);
    int currentKernel() const;
    bool isBusy() const;
    QString stateText() const; // no profile, why it has no metrics, or what was measured
    QString comparisonText() const;
    QString busyText() const;
    QComboBox* kernelSelector() const { return m_kernels; }
    QTableView* table() const { return m_table; }

Q_SIGNALS:
    void cancelRequested();

private:
    void showKernel();
    const NcuKernel* comparisonKernel(const NcuKernel& kernel) const;

    std::optional<NcuProfile> m_profile;
    std::optional<NcuProfile> m_comparison;
    QString m_comparisonLabel;
    NcuMetricsModel* m_model;
    QWidget* m_busyRow;
    QLabel* m_busyLabel;
    QLabel* m_state;
    QWidget* m_kernelRow;
    QComboBox* m_kernels;
    QLabel* m_comparisonNote;
    QTableView* m_table;
};

} // namespace kwb
