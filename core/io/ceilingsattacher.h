#pragma once

#include <QJsonObject>
#include <QString>
#include <optional>

namespace kwb {

class Store;

// Gives a store's evaluations the ceilings of a `kwb-runner calibrate` result that was made on their machine, when
// they were recorded without one (the cache folder held no calibration yet): the same rule the runner applies when
// it attaches a calibration itself, that host name, GPU and driver all match. Evaluations that have ceilings keep
// them; each updated correct turn gets its "% roofline" again. One transaction.
class CeilingsAttacher
{
public:
    struct Result
    {
        int attached = 0; // evaluations that got the ceilings
        int otherMachine = 0; // evaluations made on another host, GPU or driver (left as they were)
        int hadCeilings = 0; // evaluations that already had ceilings (left as they were)
    };

    // `calibration` is the JSON that `kwb-runner calibrate` prints and keeps (calibration/<device>.json).
    static std::optional<Result> attach(Store& store, const QJsonObject& calibration, QString* error);
    // Whether `calibration` names its machine and has usable ceilings; attach() checks this first. A caller checks it
    // before opening the store, so a bad file leaves the store untouched (opening may bring it to the current schema).
    static bool check(const QJsonObject& calibration, QString* error);
};

} // namespace kwb
