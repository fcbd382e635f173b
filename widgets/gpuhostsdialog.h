#pragma once

#include "env/runnerhost.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;

namespace kwb {

class RunnerJob;

// Agent → GPU Hosts: the hosts the agent's tools and evaluations can run on over SSH (the system's ssh, its config
// and keys), each with the host's kwb-runner, Python and work folder. Test Connection runs `kwb-runner fingerprint`
// there and reports the GPU, driver, CUDA, torch and runner version. The list is the one `kwb host` keeps.
class GpuHostsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit GpuHostsDialog(const QList<RunnerHost>& hosts, QWidget* parent = nullptr);

    QList<RunnerHost> hosts() const;
    void accept() override; // the form's edits kept first
    QPushButton* testButton() const { return m_test; }
    QString testResult() const;
    bool isTesting() const;
    // The fingerprint's answer in one line: "NVIDIA H200, driver 580.159.04, CUDA 13.0, torch 2.11.0, runner 0.1.0".
    static QString describeFingerprint(const QJsonObject& fingerprint);

private:
    void showHost(int row);
    void keepEdits(); // the form into the current row
    void addHost();
    void removeHost();
    void testConnection();
    std::optional<RunnerHost> formHost(QString* error) const;

    QList<RunnerHost> m_hosts;
    int m_row = -1;
    QListWidget* m_list;
    QLineEdit* m_name;
    QLineEdit* m_url;
    QLineEdit* m_runner;
    QLineEdit* m_python;
    QLineEdit* m_work;
    QLineEdit* m_sshOptions;
    QPushButton* m_test;
    QPushButton* m_remove;
    QLabel* m_testResult;
    RunnerJob* m_job = nullptr;
};

} // namespace kwb
