#pragma once

#include <QMainWindow>

#include <memory>

class QLabel;
class QLineEdit;
class QStackedWidget;
class QTableView;
class QTreeView;

namespace kwb {

class ReferenceView;
class Store;
class TrajectoryListModel;
class TurnTreeModel;
class WelcomePage;

// The workbench window: trajectories on the left, the selected task's reference in the centre, its turn tree
// on the right. Owns the open store; a store that cannot be opened leaves the previous one open.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    bool openStore(const QString& path);
    const Store* store() const { return m_store.get(); }
    QString lastError() const;

Q_SIGNALS:
    void storeOpened(const QString& path);

private:
    void createMenus();
    void showError(const QString& message);
    void clearError();
    void showTrajectory(const QModelIndex& current);
    void applyFilter();
    void updateCentre();
    void chooseStore();

    std::unique_ptr<Store> m_store;
    TrajectoryListModel* m_trajectories;
    TurnTreeModel* m_turns;
    QLineEdit* m_filterEdit;
    QTableView* m_trajectoryView;
    QTreeView* m_turnView;
    QStackedWidget* m_centre;
    WelcomePage* m_welcome;
    ReferenceView* m_reference;
    QLabel* m_errorBanner;
};

} // namespace kwb
