#pragma once

#include "io/exportoptions.h"
#include "store/trajectoryfilter.h"

#include <QDialog>

#include <memory>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QTimer;

namespace kwb {

class Store;

// File → Export: the format, the same filters and options `kwb export` takes (starting from the list's filter),
// the file to write, and — before anything is written — how many trajectories match and how many records the
// export would write, or why it would write none. The equivalent command line is shown to copy.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    // Training-data exports of up to this many trajectories are counted by a dry run as the dialog changes.
    static constexpr int kDryRunLimit = 2000;

    ExportDialog(const QString& storePath, const TrajectoryFilter& inView, QWidget* parent = nullptr);
    ~ExportDialog() override;

    QString format() const;
    void setFormat(const QString& name);
    TrajectoryFilter filter() const;
    ExportOptions options() const;
    QString output() const;
    void setOutput(const QString& path);

    // Counts again now (the dialog does so on its own shortly after each change).
    void recount();
    int matchingTrajectories() const { return m_trajectories; }
    qint64 records() const { return m_records; } // -1: not counted (a document format, or too many to dry-run)
    QString countText() const;
    QString commandLine() const;
    bool canExport() const;

private:
    void scheduleRecount();
    void updateButtons();

    QString m_storePath;
    std::unique_ptr<Store> m_store;
    QString m_storeError;
    QComboBox* m_format;
    QLineEdit* m_task;
    QSpinBox* m_level;
    QComboBox* m_status;
    QLineEdit* m_label;
    QLineEdit* m_hackFlag;
    QLineEdit* m_search;
    QCheckBox* m_realOnly;
    QCheckBox* m_acceptedOnly;
    QCheckBox* m_upToBest;
    QCheckBox* m_synthesize;
    QComboBox* m_pairsBy;
    QLineEdit* m_output;
    QLabel* m_count;
    QLabel* m_command;
    QDialogButtonBox* m_buttons;
    QTimer* m_recount;
    int m_trajectories = 0;
    qint64 m_records = -1;
    QString m_reason; // why the export would write nothing, or fail
    QString m_skipped; // what the dry run left out, and why
};

} // namespace kwb
