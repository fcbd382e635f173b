#pragma once

#include "nativejsonl.h"
#include "store/store.h"

#include <QFile>
#include <QString>

#include <optional>

namespace kwb {

// What every importer does around its own parsing: one store transaction for the whole input, progress with
// cancel, and failures as one sentence "<input> <where>: <what>; nothing was imported."
class StoreImport
{
public:
    using Progress = NativeJsonl::Progress;
    using Counts = NativeJsonl::ImportCounts;

    StoreImport(Store& store, const QString& inputPath, const Progress& progress);

    bool begin(QString* error);
    // Opens the input (at the path given above) for reading and begins the transaction: false with one sentence.
    bool openAndBegin(QFile& file, QString* error);
    bool openInput(QFile& file, QString* error) const; // the same without the transaction (an importer that begins later)
    bool add(const Trajectory& trajectory, const QString& where, QString* error);
    // False (with the sentence in `error`) when the user cancelled.
    bool report(qint64 done, qint64 total, QString* error);
    std::optional<Counts> commit(QString* error);

    QString fail(const QString& where, const QString& what) const;
    const QString& inputName() const { return m_name; }
    const Counts& counts() const { return m_counts; }

private:
    Store& m_store;
    QString m_path;
    QString m_name;
    Progress m_progress;
    std::optional<Store::Transaction> m_tx;
    Counts m_counts;
};

} // namespace kwb
