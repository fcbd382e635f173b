#include "ncuview.h"

#include "models/ncumetricsmodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace kwb {

NcuView::NcuView(QWidget* parent)
    : QWidget(parent)
    , m_model(new NcuMetricsModel(this))
    , m_busyRow(new QWidget(this))
    , m_busyLabel(new QLabel(m_busyRow))
    , m_state(new QLabel(this))
    , m_kernelRow(new QWidget(this))
    , m_kernels(new QComboBox(m_kernelRow))
    , m_comparisonNote(new QLabel(this))
    , m_table(new QTableView(this))
{
    setObjectName(QStringLiteral("ncuView"));
    auto* progress = new QProgressBar(m_busyRow);
    progress->setRange(0, 0); // busy: ncu gives no fraction done
    progress->setMaximumWidth(120);
    progress->setTextVisible(false);
    auto* cancel = new QPushButton(tr("Cancel"), m_busyRow);
    cancel->setObjectName(QStringLiteral("ncuCancel"));
    connect(cancel, &QPushButton::clicked, this, &NcuView::cancelRequested);
    m_busyRow->setObjectName(QStringLiteral("ncuBusy"));
    m_busyLabel->setWordWrap(true);
    auto* busyLayout = new QHBoxLayout(m_busyRow);
    busyLayout->setContentsMargins(0, 0, 0, 0);
    busyLayout->addWidget(progress);
    busyLayout->addWidget(m_busyLabel, 1);
    busyLayout->addWidget(cancel);
    m_busyRow->hide();

    m_state->setObjectName(QStringLiteral("ncuState"));
    m_state->setWordWrap(true);
    m_state->setTextFormat(Qt::PlainText);
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_comparisonNote->setObjectName(QStringLiteral("ncuComparison"));
    m_comparisonNote->setWordWrap(true);
    m_comparisonNote->setTextFormat(Qt::PlainText);

    m_kernels->setObjectName(QStringLiteral("ncuKernels"));
    m_kernels->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_kernels->setMinimumContentsLength(24);
    connect(m_kernels, &QComboBox::currentIndexChanged, this, [this] { showKernel(); });
    auto* kernelLayout = new QHBoxLayout(m_kernelRow);
    kernelLayout->setContentsMargins(0, 0, 0, 0);
    kernelLayout->addWidget(new QLabel(tr("Kernel:"), m_kernelRow));
    kernelLayout->addWidget(m_kernels, 1);

    m_table->setObjectName(QStringLiteral("ncuTable"));
    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(false);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->addWidget(m_busyRow);
    layout->addWidget(m_state);
    layout->addWidget(m_kernelRow);
    layout->addWidget(m_comparisonNote);
    layout->addWidget(m_table, 1);
    layout->addStretch(0); // takes the room only while the table is hidden, keeping the sentences at the top
    setProfile(nullptr);
}

void NcuView::setProfile(const NcuProfile* profile)
{
    m_profile = profile ? std::optional<NcuProfile>(*profile) : std::nullopt;
    const bool measured = m_profile && m_profile->status == StageStatus::Passed;
    {
        const QSignalBlocker blocker(m_kernels);
        m_kernels->clear();
        if (measured) {
            for (const NcuKernel& k : m_profile->kernels) {
                m_kernels->addItem(tr("%1 (launch %2)").arg(NcuMetricsModel::shortKernelName(k.name)).arg(k.launch));
                m_kernels->setItemData(m_kernels->count() - 1, k.name, Qt::ToolTipRole);
            }
        }
    }
    m_kernelRow->setVisible(measured && m_profile->kernels.size() > 1);

    QString state;
    if (!m_profile) {
        state = tr(
            "No Nsight Compute profile for this turn. Right-click a kernel in the timeline and choose Profile kernel "
            "with Nsight Compute.");
    } else if (!measured) {
        state = m_profile->message.isEmpty()
            ? tr("Nsight Compute did not profile this turn (%1).").arg(stageStatusName(m_profile->status))
            : m_profile->message;
    } else if (m_profile->kernels.isEmpty()) {
        state = tr("Nsight Compute measured no kernel matching %1.").arg(m_profile->kernelFilter);
    } else {
        state
            = tr("Nsight Compute metrics of %n kernel launch(es) matching %1.", nullptr, int(m_profile->kernels.size()))
                  .arg(m_profile->kernelFilter);
        if (!m_profile->message.isEmpty())
            state += QLatin1Char(' ') + m_profile->message;
    }
    m_state->setText(state);
    showKernel();
}

void NcuView::setComparison(const NcuProfile* profile, const QString& label)
{
    m_comparison = profile ? std::optional<NcuProfile>(*profile) : std::nullopt;
    m_comparisonLabel = label.isEmpty() ? tr("the other turn") : label;
    showKernel();
}

void NcuView::setBusy(bool busy, const QString& what)
{
    m_busyLabel->setText(what.isEmpty() ? tr("Profiling with Nsight Compute…") : what);
    m_busyRow->setVisible(busy);
}

void NcuView::setCurrentKernel(int index)
{
    m_kernels->setCurrentIndex(index);
}

int NcuView::currentKernel() const
{
    return m_kernels->currentIndex();
}

bool NcuView::isBusy() const
{
    return !m_busyRow->isHidden();
}

QString NcuView::stateText() const
{
    return m_state->text();
}

QString NcuView::comparisonText() const
{
    return m_comparisonNote->isHidden() ? QString() : m_comparisonNote->text();
}

QString NcuView::busyText() const
{
    return isBusy() ? m_busyLabel->text() : QString();
}

// The same kernel by name; else the comparison's only kernel (a turn often renames its kernel); else the
// launch at the same position.
const NcuKernel* NcuView::comparisonKernel(const NcuKernel& kernel) const
{
    for (const NcuKernel& k : m_comparison->kernels) {
        if (k.name == kernel.name)
            return &k;
    }
    if (m_comparison->kernels.size() == 1)
        return &m_comparison->kernels.first();
    const int index = m_kernels->currentIndex();
    return index >= 0 && index < m_comparison->kernels.size() ? &m_comparison->kernels.at(index) : nullptr;
}

void NcuView::showKernel()
{
    const int index = m_kernels->currentIndex();
    const bool measured = m_profile && m_profile->status == StageStatus::Passed;
    const NcuKernel* kernel
        = measured && index >= 0 && index < m_profile->kernels.size() ? &m_profile->kernels.at(index) : nullptr;
    m_model->setKernel(kernel);
    m_table->setVisible(kernel != nullptr);

    QString note;
    const NcuKernel* other = nullptr;
    if (kernel && m_comparison) {
        if (m_comparison->status != StageStatus::Passed || m_comparison->kernels.isEmpty()) {
            note = tr("%1 has no Nsight Compute metrics to compare with.").arg(m_comparisonLabel);
        } else if (other = comparisonKernel(*kernel); other) {
            note = tr("Compared with %1: %2 (launch %3).")
                       .arg(m_comparisonLabel, NcuMetricsModel::shortKernelName(other->name))
                       .arg(other->launch);
        } else {
            note = tr("%1 has no profiled kernel to compare with this one.").arg(m_comparisonLabel);
        }
    }
    m_model->setComparison(other, m_comparisonLabel);
    m_comparisonNote->setText(note);
    m_comparisonNote->setVisible(!note.isEmpty());
    if (kernel)
        m_table->resizeColumnToContents(NcuMetricsModel::MetricColumn);
}

} // namespace kwb
