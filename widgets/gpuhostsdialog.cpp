#include "gpuhostsdialog.h"

#include "env/runnerjob.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QVBoxLayout>

namespace kwb {

GpuHostsDialog::GpuHostsDialog(const QList<RunnerHost>& hosts, QWidget* parent)
    : QDialog(parent)
    , m_hosts(hosts)
{
    setObjectName(QStringLiteral("gpuHostsDialog"));
    setWindowTitle(tr("GPU Hosts"));
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("hostList"));
    for (const RunnerHost& host : std::as_const(m_hosts))
        m_list->addItem(host.name);
    auto* add = new QPushButton(tr("&Add"), this);
    m_remove = new QPushButton(tr("&Remove"), this);
    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(add);
    listButtons->addWidget(m_remove);
    auto* left = new QVBoxLayout;
    left->addWidget(m_list);
    left->addLayout(listButtons);

    auto* form = new QFormLayout;
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("hostName"));
    m_url = new QLineEdit(this);
    m_url->setObjectName(QStringLiteral("hostUrl"));
    m_url->setPlaceholderText(QStringLiteral("ssh://user@gpu-box:22"));
    m_runner = new QLineEdit(this);
    m_runner->setPlaceholderText(tr("kwb-runner (on the host's PATH)"));
    m_python = new QLineEdit(this);
    m_python->setPlaceholderText(tr("the runner's default"));
    m_work = new QLineEdit(this);
    m_sshOptions = new QLineEdit(this);
    m_sshOptions->setPlaceholderText(QStringLiteral("-i ~/.ssh/gpu_key -o ProxyJump=bastion"));
    m_test = new QPushButton(tr("Test Connection"), this);
    m_test->setObjectName(QStringLiteral("testConnection"));
    m_testResult = new QLabel(this);
    m_testResult->setWordWrap(true);
    m_testResult->setTextFormat(Qt::PlainText);
    m_testResult->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Address:"), m_url);
    form->addRow(tr("kwb-runner on the host:"), m_runner);
    form->addRow(tr("Python on the host:"), m_python);
    form->addRow(tr("Work folder on the host:"), m_work);
    form->addRow(tr("More ssh options:"), m_sshOptions);
    form->addRow(m_test, m_testResult);
    auto* note = new QLabel(tr("Hosts are reached with this machine's ssh: its config, agent and known hosts apply. "
                               "Build the runner on a host with: kwb host bootstrap NAME"),
        this);
    note->setWordWrap(true);
    form->addRow(note);

    auto* columns = new QHBoxLayout;
    columns->addLayout(left, 1);
    columns->addLayout(form, 2);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &GpuHostsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(add, &QPushButton::clicked, this, &GpuHostsDialog::addHost);
    connect(m_remove, &QPushButton::clicked, this, &GpuHostsDialog::removeHost);
    connect(m_test, &QPushButton::clicked, this, &GpuHostsDialog::testConnection);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        keepEdits();
        showHost(row);
    });
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(columns);
    layout->addWidget(buttons);
    resize(760, 360);
    if (!m_hosts.isEmpty())
        m_list->setCurrentRow(0);
    else
        showHost(-1);
}

void GpuHostsDialog::accept()
{
    keepEdits();
    QDialog::accept();
}

QList<RunnerHost> GpuHostsDialog::hosts() const
{
    return m_hosts;
}

void GpuHostsDialog::showHost(int row)
{
    m_row = row;
    const bool valid = row >= 0 && row < m_hosts.size();
    for (QWidget* w : std::initializer_list<QWidget*> { m_name, m_url, m_runner, m_python, m_work, m_sshOptions, m_test, m_remove })
        w->setEnabled(valid);
    const RunnerHost host = valid ? m_hosts.at(row) : RunnerHost();
    m_name->setText(valid ? host.name : QString());
    m_url->setText(valid ? host.url() : QString());
    m_runner->setText(valid ? host.runnerPath : QString());
    m_python->setText(host.python);
    m_work->setText(valid ? host.workRoot : QString());
    QStringList quoted;
    for (const QString& option : host.sshOptions)
        quoted.append(RunnerHost::shellQuote(option));
    m_sshOptions->setText(quoted.join(QLatin1Char(' ')));
    m_testResult->clear();
}

std::optional<RunnerHost> GpuHostsDialog::formHost(QString* error) const
{
    std::optional<RunnerHost> host = RunnerHost::fromUrl(m_url->text(), error);
    if (!host)
        return std::nullopt;
    host->name = m_name->text().trimmed();
    if (!m_runner->text().trimmed().isEmpty())
        host->runnerPath = m_runner->text().trimmed();
    host->python = m_python->text().trimmed();
    if (!m_work->text().trimmed().isEmpty())
        host->workRoot = m_work->text().trimmed();
    host->sshOptions = QProcess::splitCommand(m_sshOptions->text());
    return host;
}

void GpuHostsDialog::keepEdits()
{
    if (m_row < 0 || m_row >= m_hosts.size())
        return;
    QString error;
    if (const std::optional<RunnerHost> host = formHost(&error)) {
        m_hosts[m_row] = *host;
        if (QListWidgetItem* item = m_list->item(m_row))
            item->setText(host->name);
    }
}

void GpuHostsDialog::addHost()
{
    keepEdits();
    RunnerHost host = RunnerHost::fromUrl(QStringLiteral("ssh://gpu-host"), nullptr).value_or(RunnerHost());
    host.name = tr("gpu-%1").arg(m_hosts.size() + 1);
    m_hosts.append(host);
    m_list->addItem(host.name);
    m_list->setCurrentRow(int(m_hosts.size()) - 1);
    m_url->setFocus();
    m_url->selectAll();
}

void GpuHostsDialog::removeHost()
{
    const int row = m_row;
    if (row < 0 || row >= m_hosts.size())
        return;
    m_row = -1; // nothing to keep from the form
    m_hosts.removeAt(row);
    delete m_list->takeItem(row);
    showHost(m_list->currentRow());
}

QString GpuHostsDialog::describeFingerprint(const QJsonObject& f)
{
    QStringList parts;
    const QString gpu = f.value(QLatin1String("gpu_name")).toString();
    parts.append(gpu.isEmpty() ? tr("no GPU (%1)").arg(f.value(QLatin1String("cuda")).toObject().value(QLatin1String("error")).toString(tr("none found")))
                               : gpu);
    if (const QString driver = f.value(QLatin1String("driver_version")).toString(); !driver.isEmpty())
        parts.append(tr("driver %1").arg(driver));
    if (const QString cuda = f.value(QLatin1String("cuda_runtime_version")).toString(); !cuda.isEmpty())
        parts.append(tr("CUDA %1").arg(cuda));
    if (const QString torch = f.value(QLatin1String("torch_version")).toString(); !torch.isEmpty())
        parts.append(tr("torch %1").arg(torch));
    parts.append(tr("runner %1").arg(f.value(QLatin1String("runner_version")).toString(tr("of unknown version"))));
    return parts.join(QStringLiteral(", "));
}

QString GpuHostsDialog::testResult() const
{
    return m_testResult->text();
}

bool GpuHostsDialog::isTesting() const
{
    return m_job && m_job->isRunning();
}

void GpuHostsDialog::testConnection()
{
    QString error;
    const std::optional<RunnerHost> host = formHost(&error);
    if (!host) {
        m_testResult->setStyleSheet(QStringLiteral("color:#b71c1c;"));
        m_testResult->setText(error);
        return;
    }
    if (!m_job) {
        m_job = new RunnerJob(this);
        connect(m_job, &RunnerJob::finished, this, [this](const QJsonObject& fingerprint) {
            m_testResult->setStyleSheet(QStringLiteral("color:#1a7f37;"));
            m_testResult->setText(describeFingerprint(fingerprint));
            m_test->setEnabled(true);
        });
        connect(m_job, &RunnerJob::failed, this, [this](const QString& sentence) {
            m_testResult->setStyleSheet(QStringLiteral("color:#b71c1c;"));
            m_testResult->setText(sentence);
            m_test->setEnabled(true);
        });
    }
    m_job->setHost(*host);
    m_test->setEnabled(false);
    m_testResult->setStyleSheet({});
    m_testResult->setText(tr("Connecting to %1…").arg(host->url()));
    m_job->start({ QStringLiteral("fingerprint") });
}

} // namespace kwb
