#pragma once

#include <QTreeView>

class QMenu;

namespace kwb {

class BranchOutlineModel;

// The fork tree of the open trajectory with per-turn badges; the current turn is selected and bold. Picking a
// row asks to go to that turn; the context menu picks a turn to compare the kernel with, and others (curation) add
// their entries for the turn under the mouse through contextMenuFilled.
class ForkTreeView : public QTreeView
{
    Q_OBJECT
public:
    explicit ForkTreeView(QWidget* parent = nullptr);

    void setOutline(BranchOutlineModel* model);
    void setCurrentTurn(int turn); // does not emit turnActivated
    void fillContextMenu(QMenu* menu, int turn);

Q_SIGNALS:
    void turnActivated(int turn);
    void compareRequested(int turn);
    void contextMenuFilled(QMenu* menu, int turn); // connected directly: entries added now appear in this menu

protected:
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    BranchOutlineModel* m_outline = nullptr;
    bool m_updating = false;
};

} // namespace kwb
