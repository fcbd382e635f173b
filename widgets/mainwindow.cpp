#include "mainwindow.h"

#include "models/trajectorylistmodel.h"
#include "models/turntreemodel.h"
#include "referenceview.h"
#include "store/store.h"
#include "welcomepage.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace kwb {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_trajectories(new TrajectoryListModel(this))
    , m_turns(new TurnTreeModel(this))
    , m_filterEdit(new QLineEdit(this))
    , m_trajectoryView(new QTableView(this))
    , m_turnView(new QTreeView(this))
    , m_centre(new QStackedWidget(this))
    , m_welcome(new WelcomePage(this))
    , m_reference(new ReferenceView(this))
    , m_errorBanner(new QLabel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Kernel Workbench"));

    m_filterEdit->setObjectName(QStringLiteral("trajectoryFilter"));
    m_filterEdit->setPlaceholderText(tr("Filter by task…"));
    m_filterEdit->setClearButtonEnabled(true);
    connect(m_filterEdit, &QLineEdit::textChanged, this, &MainWindow::applyFilter);

    m_trajectoryView->setObjectName(QStringLiteral("trajectoryView"));
    m_trajectoryView->setModel(m_trajectories);
    m_trajectoryView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_trajectoryView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_trajectoryView->setSortingEnabled(true);
    m_trajectoryView->sortByColumn(int(TrajectoryColumn::Created), Qt::DescendingOrder);
    m_trajectoryView->verticalHeader()->hide();
    m_trajectoryView->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_trajectoryView->horizontalHeader()->setStretchLastSection(true);
    connect(m_trajectoryView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        &MainWindow::showTrajectory);
    connect(m_trajectories, &TrajectoryListModel::errorOccurred, this, &MainWindow::showError);

    m_turnView->setObjectName(QStringLiteral("turnView"));
    m_turnView->setModel(m_turns);
    m_turnView->setUniformRowHeights(true);

    m_centre->addWidget(m_welcome);
    m_centre->addWidget(m_reference);
    connect(m_welcome, &WelcomePage::openStoreRequested, this, &MainWindow::chooseStore);

    m_errorBanner->setObjectName(QStringLiteral("errorBanner"));
    m_errorBanner->setWordWrap(true);
    m_errorBanner->setStyleSheet(QStringLiteral("QLabel { background: #fdecea; color: #611a15; padding: 6px; }"));
    m_errorBanner->hide();

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_filterEdit);
    leftLayout->addWidget(m_trajectoryView);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_centre);
    splitter->addWidget(m_turnView);
    splitter->setStretchFactor(1, 2);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_errorBanner);
    layout->addWidget(splitter);
    setCentralWidget(central);
    createMenus();
    resize(1400, 860);
}

MainWindow::~MainWindow()
{
    // Models hold pointers into the store: detach them before it closes.
    m_trajectories->setStore(nullptr);
}

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Store…"), this, &MainWindow::chooseStore);
    open->setObjectName(QStringLiteral("actionOpenStore"));
    open->setShortcut(QKeySequence::Open);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::chooseStore()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Store"), QString(),
        tr("Kernel Workbench stores (*.kwb);;All files (*)"));
    if (!path.isEmpty())
        openStore(path);
}

bool MainWindow::openStore(const QString& path)
{
    QString error;
    auto store = Store::open(path, &error);
    if (!store) {
        showError(error);
        return false;
    }
    clearError();
    m_turns->clear();
    m_trajectories->setStore(nullptr);
    m_store = std::move(store);
    m_trajectories->setStore(m_store.get());
    m_welcome->setStorePath(path);
    setWindowTitle(tr("%1 — Kernel Workbench").arg(QFileInfo(path).fileName()));
    statusBar()->showMessage(tr("%n trajectories", nullptr, m_trajectories->rowCount()));
    updateCentre();
    Q_EMIT storeOpened(path);
    return true;
}

QString MainWindow::lastError() const
{
    return m_errorBanner->isVisible() ? m_errorBanner->text() : QString();
}

void MainWindow::showError(const QString& message)
{
    m_errorBanner->setText(message);
    m_errorBanner->show();
}

void MainWindow::clearError()
{
    m_errorBanner->clear();
    m_errorBanner->hide();
}

void MainWindow::applyFilter()
{
    TrajectoryFilter filter = m_trajectories->filter();
    filter.taskContains = m_filterEdit->text().trimmed();
    m_trajectories->setFilter(filter);
    statusBar()->showMessage(tr("%n trajectories", nullptr, m_trajectories->rowCount()));
}

void MainWindow::showTrajectory(const QModelIndex& current)
{
    const qint64 id = m_trajectories->trajectoryId(current.row());
    if (!m_store || id == 0) {
        m_turns->clear();
        updateCentre();
        return;
    }
    QString error;
    if (!m_turns->load(*m_store, id, &error)) {
        showError(error);
        return;
    }
    m_turnView->expandAll();
    m_reference->setSource(m_turns->trajectory().task.source);
    updateCentre();
}

void MainWindow::updateCentre()
{
    const bool empty = !m_store || (m_trajectories->rowCount() == 0 && m_trajectories->filter().isEmpty());
    m_centre->setCurrentWidget(empty ? static_cast<QWidget*>(m_welcome) : m_reference);
}

} // namespace kwb
