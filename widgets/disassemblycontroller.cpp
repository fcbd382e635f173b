#include "disassemblycontroller.h"

#include "disassemblyview.h"
#include "kernelview.h"
#include "model/kernelname.h"
#include "store/store.h"

#include <QFileInfo>

namespace kwb {

DisassemblyController::DisassemblyController(DisassemblyView* view, KernelView* kernel, QObject* parent)
    : QObject(parent)
    , m_view(view)
    , m_kernel(kernel)
{
    connect(m_view, &DisassemblyView::sourceLineActivated, this, [this](const QString& file, int line) {
        const auto [path, at] = toWorkspace(file, line);
        if (!path.isEmpty())
            m_kernel->showSourceLine(path, at);
    });
    connect(m_kernel, &KernelView::sourceLineClicked, this, [this](const QString& path, int line) {
        if (!m_active)
            return;
        const auto [file, at] = toBuilt(path, line);
        m_view->highlightSourceLine(file, at);
    });
}

void DisassemblyController::setStore(Store* store)
{
    m_store = store;
    m_cache.clear();
    m_shown = {};
    m_stale = true;
    refresh();
}

void DisassemblyController::setActive(bool shown)
{
    m_active = shown;
    if (shown && m_stale)
        refresh();
}

void DisassemblyController::showTurn(const Trajectory* trajectory, int turn, int comparedTurn, const QString& comparedLabel)
{
    m_shown = { trajectory, turn, comparedTurn, comparedLabel };
    m_stale = true;
    if (m_active)
        refresh();
}

std::optional<DisassemblyBundle> DisassemblyController::bundleOf(int turn, QString* whyNone)
{
    const Turn* shown = m_shown.at(turn);
    if (!shown) {
        *whyNone = tr("No turn.");
        return std::nullopt;
    }
    const Turn& t = *shown;
    if (!t.eval || t.eval->disassemblyBlob.isEmpty()) {
        const QString note = t.eval ? t.eval->source.value(QLatin1String("disassembly")).toObject().value(QLatin1String("message")).toString() : QString();
        *whyNone = !t.eval ? tr("This turn was not built.")
            : !note.isEmpty() ? tr("This turn's build has no disassembly: %1.").arg(note)
            : t.eval->compile.status != StageStatus::Passed ? tr("This turn's build failed: nothing to disassemble.")
                                                            : tr("This turn's build was not disassembled (evaluated on the CPU, or by an older runner).");
        return std::nullopt;
    }
    const QString hash = t.eval->disassemblyBlob;
    if (const auto it = m_cache.constFind(hash); it != m_cache.cend())
        return *it;
    QString error;
    const auto bytes = m_store ? m_store->blob(hash, &error) : std::nullopt;
    if (!bytes) {
        *whyNone = tr("This turn's disassembly could not be read: %1").arg(error);
        return std::nullopt;
    }
    auto bundle = DisassemblyBundle::fromJson(*bytes, &error);
    if (!bundle) {
        *whyNone = tr("This turn's disassembly does not read: %1.").arg(error);
        return std::nullopt;
    }
    if (m_cache.size() > 16)
        m_cache.clear();
    m_cache.insert(hash, *bundle);
    return bundle;
}

void DisassemblyController::refresh()
{
    m_stale = false;
    QString whyNone;
    m_current = bundleOf(m_shown.turn, &whyNone);
    // The turn's files with their bytes (the window's trajectory holds their hashes only), to find lines in them.
    m_files = {};
    if (m_current && m_store) {
        QString error;
        if (const auto turn = m_store->turn(m_shown.storeIdOf(m_shown.turn), true, &error))
            m_files = turn->workspace;
    }
    m_view->setBundle(m_current, whyNone);
    refreshCounters();
    QString ignored;
    const auto base = m_shown.compared >= 0 && m_shown.compared != m_shown.turn ? bundleOf(m_shown.compared, &ignored) : std::nullopt;
    m_view->setBase(base, m_shown.comparedLabel);
}

void DisassemblyController::refreshCounters()
{
    QHash<QString, QHash<qint64, InstructionCounters>> counters;
    if (m_current && m_store && m_shown.at(m_shown.turn)) {
        QString error;
        const auto profiles = m_store->ncuProfiles(m_shown.storeIdOf(m_shown.turn), &error, true);
        if (!profiles)
            Q_EMIT errorOccurred(tr("The turn's Nsight Compute profile could not be read: %1").arg(error));
        for (const NcuProfile& profile : profiles.value_or(QList<NcuProfile> {})) {
            for (const NcuKernel& k : profile.kernels) {
                if (k.source.isEmpty())
                    continue;
                // By the mangled name where the profile has it, else by the name a reader sees.
                QString symbol = k.symbol;
                if (symbol.isEmpty() || !m_current->sassOf(symbol)) {
                    for (const ListingFunction& f : m_current->sass) {
                        if (f.name == shortKernelName(k.name))
                            symbol = f.symbol;
                    }
                }
                QHash<qint64, InstructionCounters>& into = counters[symbol];
                for (const SourceCounter& c : k.source) { // launches of one kernel add up
                    InstructionCounters& at = into[c.address];
                    if (c.executed >= 0)
                        at.executed = std::max<qint64>(at.executed, 0) + c.executed;
                    if (c.stallSamples >= 0)
                        at.stallSamples = std::max<qint64>(at.stallSamples, 0) + c.stallSamples;
                }
            }
        }
    }
    m_view->setCounters(counters);
}

QStringList DisassemblyController::linesOf(const QString& path) const
{
    return QString::fromUtf8(m_files.content(path)).split(QLatin1Char('\n'));
}

QPair<QString, int> DisassemblyController::toWorkspace(const QString& builtFile, int line) const
{
    if (line <= 0)
        return {};
    const WorkspaceSnapshot& files = m_files;
    for (const QString& path : files.paths()) {
        if (builtFile == path || builtFile.endsWith(QLatin1Char('/') + path))
            return { path, line };
    }
    if (!m_current || !m_current->sources.contains(builtFile))
        return {};
    const QStringList built = m_current->sources.value(builtFile).split(QLatin1Char('\n'));
    for (const QString& path : files.paths()) {
        const int at = DisassemblyBundle::matchLine(built, line, linesOf(path));
        if (at > 0)
            return { path, at };
    }
    return {};
}

QPair<QString, int> DisassemblyController::toBuilt(const QString& path, int line) const
{
    if (!m_current)
        return {};
    for (auto it = m_current->sources.cbegin(); it != m_current->sources.cend(); ++it) {
        if (it.key() == path || it.key().endsWith(QLatin1Char('/') + path))
            return { it.key(), line };
    }
    const QStringList own = linesOf(path);
    for (auto it = m_current->sources.cbegin(); it != m_current->sources.cend(); ++it) {
        const int at = DisassemblyBundle::matchLine(own, line, it.value().split(QLatin1Char('\n')));
        if (at > 0)
            return { it.key(), at };
    }
    return { path, line }; // no copy of the sources: the line as the editor has it
}

} // namespace kwb
