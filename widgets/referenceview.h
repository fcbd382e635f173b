#pragma once

#include "model/evalresult.h"

#include <Qsci/qsciscintilla.h>

class QLabel;

namespace kwb {

// The task's PyTorch reference: read-only Python with line numbers and folding, and above it the task's floor
// (the least work any correct kernel must do) and the roofline time it gives on the calibrated machine.
class ReferenceView : public QsciScintilla
{
    Q_OBJECT
public:
    explicit ReferenceView(QWidget* parent = nullptr);
    void setSource(const QString& source);
    // Shows the floor line; an unknown floor hides it. Ceilings may be unknown (no calibration yet).
    void setFloor(const WorkFloor& floor, const Ceilings& ceilings, const QString& precision, const QString& machine);
    QString floorText() const;

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void placeFloorLine();

    QLabel* m_floor = nullptr;
    QString m_floorText; // the whole line; the label shows it elided to the pane's width
};

} // namespace kwb
