#pragma once

#include "model/evalresult.h"

#include <QAbstractTableModel>

namespace kwb {

// The parsed compiler messages of one evaluation as a table; the file and line roles drive "open at line".
class DiagnosticsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeverityColumn, FileColumn, LineColumn, ColumnColumn, CodeColumn, MessageColumn, ColumnCount };
    enum Role { FileRole = Qt::UserRole + 1, LineRole, ColumnRole, SeverityRole };

    explicit DiagnosticsModel(QObject* parent = nullptr);

    void setDiagnostics(const QList<Diagnostic>& diagnostics);
    const QList<Diagnostic>& diagnostics() const { return m_diagnostics; }
    static QString severityName(Diagnostic::Severity severity);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Diagnostic> m_diagnostics;
};

} // namespace kwb
