#include "exportdialog.h"

#include "io/exportformat.h"
#include "store/store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

namespace kwb {

namespace {

// Swallows what an exporter writes: a dry run counts records without writing a file.
class NullDevice : public QIODevice
{
public:
    NullDevice() { open(QIODevice::WriteOnly); }

protected:
    qint64 readData(char*, qint64) override { return -1; }
    qint64 writeData(const char*, qint64 length) override { return length; }
};

// The formats written branch by branch, which --accepted-only and --up-to-best narrow.
bool isBranchFormat(const QString& format)
{
    return format == QLatin1String("sft") || format == QLatin1String("rollouts") || format == QLatin1String("atif");
}

bool isTrainingFormat(const QString& format)
{
    return format == QLatin1String("sft") || format == QLatin1String("pairs") || format == QLatin1String("rollouts");
}

QString quoted(const QString& value)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_./:@%+=,-]+$"));
    if (plain.match(value).hasMatch())
        return value;
    QString v = value;
    return QLatin1Char('\'') + v.replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
}

} // namespace

ExportDialog::ExportDialog(const QString& storePath, const TrajectoryFilter& inView, QWidget* parent)
    : QDialog(parent)
    , m_storePath(storePath)
    , m_format(new QComboBox(this))
    , m_task(new QLineEdit(inView.taskContains, this))
    , m_level(new QSpinBox(this))
    , m_status(new QComboBox(this))
    , m_label(new QLineEdit(inView.label, this))
    , m_hackFlag(new QLineEdit(inView.hackFlag, this))
    , m_search(new QLineEdit(inView.text, this))
    , m_realOnly(new QCheckBox(tr("Leave synthetic trajectories out"), this))
    , m_acceptedOnly(new QCheckBox(tr("Only branches labelled accept (at their last turn or on the trajectory)"), this))
    , m_upToBest(new QCheckBox(tr("Cut each branch after its highest-reward turn"), this))
    , m_synthesize(new QCheckBox(tr("Build a conversation from the task and the code where there is none (sft)"), this))
    , m_pairsBy(new QComboBox(this))
    , m_output(new QLineEdit(this))
    , m_count(new QLabel(this))
    , m_command(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
    , m_recount(new QTimer(this))
{
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export Trajectories"));
    const QList<std::pair<QString, QString>> formats { { QStringLiteral("jsonl"), tr("native JSON Lines, lossless") },
        { QStringLiteral("sft"), tr("chat messages per branch, for supervised fine-tuning") },
        { QStringLiteral("pairs"), tr("preference pairs from forks") },
        { QStringLiteral("rollouts"), tr("RL rollouts grouped by task") },
        { QStringLiteral("atif"), tr("Agent Trajectory Interchange Format") },
        { QStringLiteral("kernelbench"), tr("KernelBench eval_results.json") } };
    for (const auto& [name, text] : formats) {
        if (ExportFormat::names().contains(name))
            m_format->addItem(QStringLiteral("%1 — %2").arg(name, text), name);
    }
    m_format->setObjectName(QStringLiteral("exportFormat"));
    m_task->setObjectName(QStringLiteral("exportTask"));
    m_level->setObjectName(QStringLiteral("exportLevel"));
    m_level->setRange(0, 9);
    m_level->setSpecialValueText(tr("any"));
    m_level->setValue(inView.level);
    m_status->setObjectName(QStringLiteral("exportStatus"));
    m_status->addItem(tr("any"), QString());
    for (const QString& status : TrajectoryFilter::statuses())
        m_status->addItem(status, status);
    m_status->setCurrentIndex(std::max(0, m_status->findData(inView.status)));
    m_label->setObjectName(QStringLiteral("exportLabel"));
    m_hackFlag->setObjectName(QStringLiteral("exportHackFlag"));
    m_hackFlag->setPlaceholderText(tr("a check's name, or any"));
    m_search->setObjectName(QStringLiteral("exportSearch"));
    m_search->setPlaceholderText(tr("words in messages or code"));
    m_realOnly->setObjectName(QStringLiteral("exportRealOnly"));
    m_realOnly->setChecked(inView.synthetic == 0);
    m_acceptedOnly->setObjectName(QStringLiteral("exportAcceptedOnly"));
    m_upToBest->setObjectName(QStringLiteral("exportUpToBest"));
    m_synthesize->setObjectName(QStringLiteral("exportSynthesize"));
    m_synthesize->setToolTip(tr("KernelBench runs and CUDA Agent workspaces carry code but no conversation: the line gets the "
                                "task's reference as the user's message and the files as the answer, marked synthesized."));
    m_pairsBy->setObjectName(QStringLiteral("exportPairsBy"));
    m_pairsBy->addItem(tr("the higher reward"), QStringLiteral("reward"));
    m_pairsBy->addItem(tr("labels (accept > star > none > reject)"), QStringLiteral("label"));
    m_output->setObjectName(QStringLiteral("exportOutput"));
    m_output->setPlaceholderText(tr("File to write"));
    m_count->setObjectName(QStringLiteral("exportCount"));
    m_count->setWordWrap(true);
    m_command->setObjectName(QStringLiteral("exportCommand"));
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setStyleSheet(QStringLiteral("QLabel { color: palette(dark); font-family: monospace; }"));

    auto* filters = new QGroupBox(tr("Trajectories (from the list's filter)"), this);
    auto* filterForm = new QFormLayout(filters);
    filterForm->addRow(tr("Task contains:"), m_task);
    filterForm->addRow(tr("Level:"), m_level);
    filterForm->addRow(tr("Status:"), m_status);
    filterForm->addRow(tr("Label:"), m_label);
    filterForm->addRow(tr("Hack flag:"), m_hackFlag);
    filterForm->addRow(tr("Search:"), m_search);
    filterForm->addRow(QString(), m_realOnly);
    auto* options = new QGroupBox(tr("What each trajectory gives"), this);
    auto* optionForm = new QFormLayout(options);
    optionForm->addRow(QString(), m_acceptedOnly);
    optionForm->addRow(QString(), m_upToBest);
    optionForm->addRow(QString(), m_synthesize);
    optionForm->addRow(tr("Pairs choose by:"), m_pairsBy);
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* outputRow = new QHBoxLayout;
    outputRow->addWidget(m_output, 1);
    outputRow->addWidget(browse);
    auto* top = new QFormLayout;
    top->addRow(tr("Format:"), m_format);
    top->addRow(tr("Write to:"), outputRow);

    QPushButton* exportButton = m_buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    exportButton->setObjectName(QStringLiteral("exportButton"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(filters);
    layout->addWidget(options);
    layout->addWidget(m_count);
    layout->addWidget(m_command);
    layout->addWidget(m_buttons);

    m_recount->setSingleShot(true);
    m_recount->setInterval(250);
    connect(m_recount, &QTimer::timeout, this, &ExportDialog::recount);
    for (QLineEdit* edit : { m_task, m_label, m_hackFlag, m_search })
        connect(edit, &QLineEdit::textChanged, this, &ExportDialog::scheduleRecount);
    connect(m_output, &QLineEdit::textChanged, this, &ExportDialog::updateButtons);
    for (QComboBox* combo : { m_format, m_status, m_pairsBy })
        connect(combo, &QComboBox::currentIndexChanged, this, &ExportDialog::scheduleRecount);
    connect(m_level, &QSpinBox::valueChanged, this, &ExportDialog::scheduleRecount);
    for (QCheckBox* box : { m_realOnly, m_acceptedOnly, m_upToBest, m_synthesize })
        connect(box, &QCheckBox::toggled, this, &ExportDialog::scheduleRecount);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Trajectories"), m_output->text(),
            format() == QLatin1String("kernelbench") ? tr("JSON (*.json)") : tr("JSON Lines (*.jsonl)"));
        if (!path.isEmpty())
            m_output->setText(path);
    });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    QString error;
    m_store = Store::open(storePath, &error, Store::OpenMode::MustExist);
    if (!m_store)
        m_storeError = error;
    recount();
}

ExportDialog::~ExportDialog() = default;

QString ExportDialog::format() const
{
    return m_format->currentData().toString();
}

void ExportDialog::setFormat(const QString& name)
{
    m_format->setCurrentIndex(std::max(0, m_format->findData(name)));
}

TrajectoryFilter ExportDialog::filter() const
{
    TrajectoryFilter f;
    f.taskContains = m_task->text().trimmed();
    f.level = m_level->value();
    f.status = m_status->currentData().toString();
    f.label = m_label->text().trimmed();
    f.hackFlag = m_hackFlag->text().trimmed();
    f.text = m_search->text().trimmed();
    f.synthetic = m_realOnly->isChecked() ? 0 : -1;
    return f;
}

ExportOptions ExportDialog::options() const
{
    ExportOptions o;
    o.acceptedOnly = m_acceptedOnly->isChecked() && isBranchFormat(format());
    o.upToBest = m_upToBest->isChecked() && isBranchFormat(format());
    o.synthesizePrompt = m_synthesize->isChecked() && format() == QLatin1String("sft");
    o.pairsBy = m_pairsBy->currentData().toString() == QLatin1String("label") ? ExportOptions::PairsBy::Label : ExportOptions::PairsBy::Reward;
    return o;
}

QString ExportDialog::output() const
{
    return m_output->text().trimmed();
}

void ExportDialog::setOutput(const QString& path)
{
    m_output->setText(path);
}

void ExportDialog::scheduleRecount()
{
    m_recount->start();
}

void ExportDialog::recount()
{
    m_recount->stop();
    m_pairsBy->setEnabled(format() == QLatin1String("pairs"));
    m_acceptedOnly->setEnabled(isBranchFormat(format()));
    m_upToBest->setEnabled(isBranchFormat(format()));
    m_synthesize->setEnabled(format() == QLatin1String("sft"));
    m_trajectories = 0;
    m_records = -1;
    m_reason.clear();
    m_skipped.clear();
    if (!m_store) {
        m_reason = m_storeError;
    } else {
        QString error;
        auto ids = m_store->trajectoryIds(filter(), TrajectoryColumn::Created, false, &error);
        if (!ids) {
            m_reason = error;
        } else {
            m_trajectories = int(ids->size());
            std::sort(ids->begin(), ids->end());
            if (ids->isEmpty()) {
                m_reason = tr("No trajectory matches these filters.");
            } else if (isTrainingFormat(format()) && ids->size() <= kDryRunLimit) {
                // A dry run of the real exporter: the count and the reason are the ones the export will give.
                NullDevice sink;
                qint64 records = -1;
                ExportSkips skipped;
                if (ExportFormat::write(*m_store, *ids, format(), options(), sink, {}, &error, &records, &skipped)) {
                    m_records = records;
                    m_skipped = skipped.summary();
                } else {
                    m_reason = error;
                }
            }
        }
    }
    m_count->setText(countText());
    m_count->setStyleSheet(m_reason.isEmpty() ? QString() : QStringLiteral("QLabel { color: #b71c1c; }"));
    m_command->setText(commandLine());
    updateButtons();
}

QString ExportDialog::countText() const
{
    const QLocale locale;
    const QString matching = tr("%n trajectories match.", nullptr, m_trajectories);
    if (!m_reason.isEmpty())
        return m_trajectories > 0 ? matching + QLatin1Char(' ') + tr("Nothing would be written: %1").arg(m_reason)
                                  : tr("Nothing would be written: %1").arg(m_reason);
    if (m_records >= 0) {
        const QString what = format() == QLatin1String("pairs") ? tr("%n preference pair(s)", nullptr, int(m_records))
                                                                : tr("%n record(s)", nullptr, int(m_records));
        return matching + QLatin1Char(' ') + tr("The export writes %1.").arg(what) + (m_skipped.isEmpty() ? QString() : QLatin1Char(' ') + m_skipped);
    }
    if (isTrainingFormat(format()))
        return matching + QLatin1Char(' ') + tr("Records are counted as they are written (more than %1 trajectories).")
                                                 .arg(locale.toString(kDryRunLimit));
    return matching + QLatin1Char(' ') + tr("The export writes all of them.");
}

QString ExportDialog::commandLine() const
{
    QStringList args { QStringLiteral("kwb"), QStringLiteral("export"), quoted(QDir::toNativeSeparators(m_storePath)),
        QStringLiteral("--format"), format() };
    const TrajectoryFilter f = filter();
    // kwb export's --task takes exact names; the list's "task contains" has no flag there, so it is left to the window.
    if (f.level > 0)
        args << QStringLiteral("--level") << QString::number(f.level);
    if (!f.status.isEmpty())
        args << QStringLiteral("--status") << f.status;
    if (!f.label.isEmpty())
        args << QStringLiteral("--label") << quoted(f.label);
    if (!f.hackFlag.isEmpty())
        args << QStringLiteral("--hack-flag") << quoted(f.hackFlag);
    if (!f.text.isEmpty())
        args << QStringLiteral("--search") << quoted(f.text);
    if (f.synthetic == 0)
        args << QStringLiteral("--real-only");
    const ExportOptions o = options();
    if (o.acceptedOnly)
        args << QStringLiteral("--accepted-only");
    if (o.upToBest)
        args << QStringLiteral("--up-to-best");
    if (o.synthesizePrompt)
        args << QStringLiteral("--synthesize-prompt");
    if (format() == QLatin1String("pairs") && o.pairsBy == ExportOptions::PairsBy::Label)
        args << QStringLiteral("--pairs-by") << QStringLiteral("label");
    if (!output().isEmpty())
        args << QStringLiteral("-o") << quoted(QDir::toNativeSeparators(output()));
    QString line = args.join(QLatin1Char(' '));
    if (!f.taskContains.isEmpty())
        line += QLatin1Char('\n') + tr("(the task filter “%1” has no kwb export flag: pass --task with exact task names)").arg(f.taskContains);
    return line;
}

bool ExportDialog::canExport() const
{
    return m_reason.isEmpty() && m_trajectories > 0 && !output().isEmpty();
}

void ExportDialog::updateButtons()
{
    m_command->setText(commandLine());
    if (QPushButton* b = findChild<QPushButton*>(QStringLiteral("exportButton")))
        b->setEnabled(canExport());
}

} // namespace kwb
