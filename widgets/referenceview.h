#pragma once

#include <Qsci/qsciscintilla.h>

namespace kwb {

// The task's PyTorch reference: read-only Python with line numbers and folding.
class ReferenceView : public QsciScintilla
{
    Q_OBJECT
public:
    explicit ReferenceView(QWidget* parent = nullptr);
    void setSource(const QString& source);
};

} // namespace kwb
