#pragma once

#include <QObject>
#include <QProcess>
#include <QStringList>

namespace kwb {

// A `kwb-runner serve` kept for as long as its owner lives (one agent run, one window): evaluations go to a driver
// and a sandboxed worker that imported torch and readied the device before the request came, and each pair serves
// one candidate and exits. It starts on construction, so the first pair warms up while the owner does other work
// (an agent waits for its model), and everything it started ends with it.
//
// One request at a time: `eval`'s arguments; its stderr lines arrive as progress and then exactly one of answered
// (the result line, as `kwb-runner eval` prints it) or failed (one sentence). A serve that dies, or is cancelled,
// fails its request and is started again for the next one.
class RunnerService : public QObject
{
    Q_OBJECT
public:
    // SERVE-ARGUMENTS are serve's own options, the defaults of every request (device, trials, cache, ...).
    RunnerService(const QString& runnerPath, const QStringList& serveArguments, QObject* parent = nullptr);
    ~RunnerService() override;

    // false when a request is in flight.
    bool request(const QStringList& evalArguments);
    bool isBusy() const { return m_busy; }
    // Kills serve and its pool; failed() follows with a sentence saying so.
    void cancel();
    qint64 processId() const;

Q_SIGNALS:
    void progress(const QString& line);
    void answered(const QByteArray& result);
    void failed(const QString& sentence);

private:
    void startServe();
    void readOutput();
    void readErrors();
    void serveEnded(int exitCode, QProcess::ExitStatus status);
    void stop();

    QString m_runnerPath;
    QStringList m_serveArguments;
    QProcess* m_process = nullptr;
    QByteArray m_stdout;
    QByteArray m_stderr;
    QString m_lastLine;
    bool m_busy = false;
};

} // namespace kwb
