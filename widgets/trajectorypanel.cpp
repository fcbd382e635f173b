#include "trajectorypanel.h"

#include "models/trajectorylistmodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDataStream>
#include <QDoubleValidator>
#include <QLocale>
#include <QToolButton>
#include <QIODevice>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace kwb {

TrajectoryPanel::TrajectoryPanel(QWidget* parent)
    : QWidget(parent)
    , m_model(new TrajectoryListModel(this))
    , m_taskFilter(new QLineEdit(this))
    , m_level(new QComboBox(this))
    , m_status(new QComboBox(this))
    , m_moreFilters(new QToolButton(this))
    , m_extraFilters(new QWidget(this))
    , m_label(new QComboBox(m_extraFilters))
    , m_flagged(new QCheckBox(tr("Flagged"), m_extraFilters))
    , m_text(new QLineEdit(m_extraFilters))
    , m_minReward(new QLineEdit(m_extraFilters))
    , m_minSpeedup(new QLineEdit(m_extraFilters))
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
    for (const QString& key : TrajectoryFilter::statuses())
        m_status->addItem(TrajectoryListModel::statusLabel(key), key);
    m_moreFilters->setObjectName(QStringLiteral("moreFilters"));
    m_moreFilters->setText(tr("More"));
    m_moreFilters->setToolTip(tr("More filters: label, text in messages and code, least reward and speed-up"));
    m_moreFilters->setCheckable(true);
    m_extraFilters->setObjectName(QStringLiteral("extraFilters"));
    m_extraFilters->hide();
    m_label->setObjectName(QStringLiteral("labelFilter"));
    m_label->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    fillLabels();
    m_flagged->setObjectName(QStringLiteral("flaggedFilter"));
    m_flagged->setToolTip(tr("Only trajectories with a turn a reward-hacking check flagged"));
    m_text->setObjectName(QStringLiteral("textFilter"));
    m_text->setPlaceholderText(tr("Search messages and code…"));
    m_text->setToolTip(tr("Full-text search (SQLite FTS5: words, \"a phrase\", prefix*, AND, OR, NOT); Enter applies it"));
    m_text->setClearButtonEnabled(true);
    for (QLineEdit* minimum : { m_minReward, m_minSpeedup }) {
        auto* validator = new QDoubleValidator(minimum);
        validator->setNotation(QDoubleValidator::StandardNotation);
        minimum->setValidator(validator);
        minimum->setMaximumWidth(fontMetrics().averageCharWidth() * 14);
    }
    m_minReward->setObjectName(QStringLiteral("minRewardFilter"));
    m_minReward->setPlaceholderText(tr("reward ≥"));
    m_minReward->setToolTip(tr("Only trajectories whose best reward is at least this"));
    m_minSpeedup->setObjectName(QStringLiteral("minSpeedupFilter"));
    m_minSpeedup->setPlaceholderText(tr("speed-up ≥"));
    m_minSpeedup->setToolTip(tr("Only trajectories whose best speed-up over torch.compile is at least this"));

    // Narrow docks (a laptop screen) squeeze the filters rather than push the window past the screen.
    for (QComboBox* combo : { m_level, m_status }) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(3);
    }
    m_taskFilter->setMinimumWidth(fontMetrics().averageCharWidth() * 8);

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

    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        if (!m_refreshing)
            Q_EMIT trajectorySelected(m_model->trajectoryId(current.row()));
    });
    connect(m_model, &TrajectoryListModel::errorOccurred, this, &TrajectoryPanel::errorOccurred);
    connect(m_taskFilter, &QLineEdit::textChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_level, &QComboBox::currentIndexChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_status, &QComboBox::currentIndexChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_moreFilters, &QToolButton::toggled, m_extraFilters, &QWidget::setVisible);
    connect(m_label, &QComboBox::currentIndexChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_flagged, &QCheckBox::toggled, this, &TrajectoryPanel::applyFilter);
    // A search runs on Enter: a half-typed FTS5 query ("a phrase) is a syntax error, not a filter.
    connect(m_text, &QLineEdit::returnPressed, this, &TrajectoryPanel::applyFilter);
    connect(m_text, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (text.isEmpty())
            applyFilter();
    });
    connect(m_minReward, &QLineEdit::textChanged, this, &TrajectoryPanel::applyFilter);
    connect(m_minSpeedup, &QLineEdit::textChanged, this, &TrajectoryPanel::applyFilter);

    auto* filters = new QHBoxLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    filters->addWidget(m_taskFilter, 1);
    filters->addWidget(m_level);
    filters->addWidget(m_status);
    filters->addWidget(m_moreFilters);
    auto* extra = new QHBoxLayout(m_extraFilters);
    extra->setContentsMargins(0, 0, 0, 0);
    extra->addWidget(m_label);
    extra->addWidget(m_flagged);
    extra->addWidget(m_text, 1);
    extra->addWidget(m_minReward);
    extra->addWidget(m_minSpeedup);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(filters);
    layout->addWidget(m_extraFilters);
    layout->addWidget(m_view, 1);
}

TrajectoryPanel::~TrajectoryPanel()
{
    m_model->setStore(nullptr);
}

void TrajectoryPanel::setStore(const Store* store)
{
    m_model->setStore(store);
    fillLabels();
    Q_EMIT countChanged(m_model->rowCount());
}

void TrajectoryPanel::refresh()
{
    const qint64 current = currentTrajectory();
    fillLabels();
    m_refreshing = true;
    m_model->refresh();
    selectTrajectory(current);
    m_refreshing = false;
    Q_EMIT countChanged(m_model->rowCount());
}

// The chosen label stays offered while no trajectory carries it (an undone edit), so the filter does not jump.
void TrajectoryPanel::fillLabels()
{
    const QString chosen = m_label->currentData().toString();
    QStringList labels = m_model->labelsInUse();
    if (!chosen.isEmpty() && !labels.contains(chosen))
        labels.append(chosen);
    const QSignalBlocker quiet(m_label);
    m_label->clear();
    m_label->addItem(tr("Any label"), QString());
    for (const QString& label : std::as_const(labels))
        m_label->addItem(label, label);
    m_label->setCurrentIndex(std::max(0, m_label->findData(chosen)));
}

void TrajectoryPanel::applyFilter()
{
    const auto minimum = [](const QLineEdit* edit) {
        bool ok = false;
        const double value = QLocale().toDouble(edit->text().trimmed(), &ok);
        return ok ? value : -std::numeric_limits<double>::infinity();
    };
    TrajectoryFilter filter = m_model->filter();
    filter.taskContains = m_taskFilter->text().trimmed();
    filter.level = m_level->currentData().toInt();
    filter.status = m_status->currentData().toString();
    filter.label = m_label->currentData().toString();
    filter.hackFlag = m_flagged->isChecked() ? QStringLiteral("any") : QString();
    filter.text = m_text->text().trimmed();
    filter.minReward = minimum(m_minReward);
    filter.minSpeedup = minimum(m_minSpeedup);
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
