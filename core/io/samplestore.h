#pragma once

#include <QString>

namespace kwb {

// The case studies that come with the workbench: a store of trajectories recorded on an H200
// (resources/samples/case-studies.kwb, installed under share/kernel-workbench/samples). The window opens a copy in
// the user's data folder, so forks, steering and notes made while learning never touch the shipped file; a newer
// release's store gets a copy of its own.
class SampleStore
{
public:
    static QString bundledPath(); // empty when the workbench has none
    // The user's copy of the bundled store, made when missing; empty with a sentence when it cannot be made.
    static QString userCopy(QString* error);
    static QString userCopy(const QString& bundled, QString* error); // of that file (tests)
};

} // namespace kwb
