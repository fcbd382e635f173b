#pragma once

class QString;

namespace kwb {

// What a controller may ask of the window beyond reading the current turn: open a store, pick a trajectory of its
// list, go to a turn. The window implements it; a controller holds this and a CurrentTurn, never the window.
class WindowNavigation
{
public:
    virtual ~WindowNavigation() = default;
    virtual bool openStore(const QString& path) = 0; // false with the reason shown; the previous store stays open
    virtual bool selectTrajectoryRow(int row) = 0;
    virtual void goToTurn(int turn) = 0; // an index into the current trajectory's turns
};

} // namespace kwb
