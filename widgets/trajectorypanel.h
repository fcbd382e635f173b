#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QTableView;
class QToolButton;

namespace kwb {

class Store;
class TrajectoryListModel;

// The left side of the window: every trajectory of the store, sortable, filtered by task, level and status and,
// behind More Filters, by label, full text (messages and code) and least reward and speed-up.
// The list model reads rows lazily, so a store of 100k trajectories opens without loading them.
class TrajectoryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit TrajectoryPanel(QWidget* parent = nullptr);
    ~TrajectoryPanel() override;

    void setStore(const Store* store);
    // Reads the rows and the labels again (after an edit), keeping the selected trajectory without re-announcing it.
    void refresh();
    TrajectoryListModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    qint64 currentTrajectory() const;
    bool selectTrajectory(qint64 id);
    bool selectRow(int row);
    QByteArray saveHeaderState() const;
    void restoreHeaderState(const QByteArray& state);

Q_SIGNALS:
    void trajectorySelected(qint64 id); // 0: none
    void errorOccurred(const QString& message);
    void countChanged(int rows);

private:
    void applyFilter();
    void fillLabels();

    TrajectoryListModel* m_model;
    QLineEdit* m_taskFilter;
    QComboBox* m_level;
    QComboBox* m_status;
    QToolButton* m_moreFilters;
    QWidget* m_extraFilters;
    QComboBox* m_label;
    QCheckBox* m_flagged;
    QLineEdit* m_text;
    QLineEdit* m_minReward;
    QLineEdit* m_minSpeedup;
    QTableView* m_view;
    bool m_refreshing = false;
};

} // namespace kwb
