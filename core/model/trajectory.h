#pragma once

#include "annotation.h"
#include "message.h"
#include "turn.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace kwb {

// The task a trajectory works on: a KernelBench-format PyTorch reference.
struct TaskRef
{
    QString name;
    int level = 0; // 0: not part of a leveled set
    QString source; // the reference Python source

    bool operator==(const TaskRef&) const = default;
};

// One task worked on by an agent: a tree of turns (forks are siblings) plus what describes the whole run.
struct Trajectory
{
    QString uuid;
    TaskRef task;
    QString title;
    QString source; // tool or run it came from
    QString policy;
    QDateTime created;
    QStringList labels;
    QJsonObject metadata;
    QList<Message> prompt; // system and first user message, shared by every branch
    QList<Turn> turns; // parents before children
    QList<Annotation> annotations;

    qint64 storeId = 0;

    const Turn* findTurn(const QString& uuid) const;
    const Turn* turnAt(int index) const; // null when index is out of range
    QList<const Turn*> children(const QString& parentUuid) const;
    QList<const Turn*> leaves() const;
    QList<const Turn*> branch(const QString& leafUuid) const; // root -> leaf
    bool isSynthetic() const;

    // Checks the tree: unique turn ids, every parent present and listed before its children.
    bool validate(QString* error) const;

    QJsonObject toJson() const;
    static Trajectory fromJson(const QJsonObject& o, QString* error);

    bool operator==(const Trajectory& o) const;
};

} // namespace kwb
