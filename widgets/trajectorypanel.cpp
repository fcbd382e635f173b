#include "trajectorypanel.h"

#include "models/trajectorylistmodel.h"

#include <QComboBox>
#include <QDataStream>
#include <QIODevice>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace kwb {

TrajectoryPanel::TrajectoryPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new TrajectoryListModel(this))
    , m_taskFilter(new QLineEdit(this))
    , m_level(new QComboBox(this))
    , m_status(new QComboBox(this))
    , m_view(new QTableView(this))
{
    setObjectName(QStringLiteral("trajectoryPanel"));
    m_taskFilter->setObjectName(QStringLiteral("trajectoryFilter"));
    m_taskFilter->setPlaceholderText(tr("Filter by task…"));
    m_taskFilter->setClearButtonEnabled(true);
    m_level->setObjectName(QStringLiteral("levelFilter"));
    m_level->addItem(tr("All levels"), 0);
    for (int level = 1; level <= 4; ++level)
        m_level->addItem(tr("Level %1").arg(level), level);
    m_status->setObjectName(QStringLiteral("statusFilter"));
    m_status->addItem(tr("Any status"), QString());
    for (const char* key : { "correct", "incorrect", "compile-error", "not-evaluated" })
        m_status->addItem(TrajectoryListModel::statusLabel(QLatin1String(key)), QLatin1String(key));

    m_view->setObjectName(QStringLiteral("trajectoryView"));
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(int(TrajectoryColumn::Created), Qt::DescendingOrder);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionsMovable(true);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    for (TrajectoryColumn hidden : { TrajectoryColumn::Title, TrajectoryColumn::Source, TrajectoryColumn::Policy,
             TrajectoryColumn::Created, TrajectoryColumn::Status })
        m_view->setColumnHidden(int(hidden), true);
    // Widths from the header texts: measuring cells would read every row of a 100k-row store.
    const QFontMetrics header(m_view->horizontalHeader()->font());
    for (int c = 0; c < m_model->columnCount(); ++c) {
        const int text = header.horizontalAdvance(m_model->headerData(c, Qt::Horizontal).toString()) + 24;
        m_view->setColumnWidth(c, c == int(TrajectoryColumn::Task) ? std::max(text, fontMetrics().averageCharWidth() * 18) : text);
    }

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { Q_EMIT trajectorySelected(m_model->trajectoryId(current.row())); });
    connect(m_model, &TrajectoryListModel::errorOccurred, this, &TrajectoryPanel::errorOccurred);
    connect(m_taskFilter, &QLineEdit::textChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_level, &QComboBox::currentIndexChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_status, &QComboBox::currentIndexChanged, this, &TrajectoryPanel::applyFilter);

    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    filters->addWidget(m_taskFilter, 1);
    filters->addWidget(m_level);
    filters->addWidget(m_status);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(filters);
    layout->addWidget(m_view, 1);
}

TrajectoryPanel::~TrajectoryPanel()
{
    m_model->setStore(nullptr);
}

void TrajectoryPanel::setStore(const Store* store)
{
    m_model->setStore(store);
    Q_EMIT countChanged(m_model->rowCount());
}

void TrajectoryPanel::applyFilter()
{
    TrajectoryFilter filter = m_model->filter();
    filter.taskContains = m_taskFilter->text().trimmed();
    filter.level = m_level->currentData().toInt();
    filter.status = m_status->currentData().toString();
    m_model->setFilter(filter);
    Q_EMIT countChanged(m_model->rowCount());
}

qint64 TrajectoryPanel::currentTrajectory() const
{
    return m_model->trajectoryId(m_view->currentIndex().row());
}

bool TrajectoryPanel::selectRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return false;
    m_view->setCurrentIndex(m_model->index(row, int(TrajectoryColumn::Task)));
    return true;
}

bool TrajectoryPanel::selectTrajectory(qint64 id)
{
    return selectRow(m_model->rowOf(id));
}

// The column count travels with the header's state: QHeaderView restores a state saved with fewer columns by
// index, which would give a new column the width and visibility of the one it displaced.
QByteArray TrajectoryPanel::saveHeaderState() const
{
    QByteArray out;
    QDataStream stream(&out, QIODevice::WriteOnly);
    stream << qint32(m_model->columnCount()) << m_view->horizontalHeader()->saveState();
    return out;
}

void TrajectoryPanel::restoreHeaderState(const QByteArray& state)
{
    QDataStream stream(state);
    qint32 columns = 0;
    QByteArray header;
    stream >> columns >> header;
    if (stream.status() == QDataStream::Ok && columns == m_model->columnCount() && !header.isEmpty())
        m_view->horizontalHeader()->restoreState(header);
}

} // namespace kwb
