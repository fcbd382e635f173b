#include "welcomepage.h"

#include "io/samplestore.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace kwb {

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
    , m_storeLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("welcomePage"));
    auto* title = new QLabel(tr("<h2>Kernel Workbench</h2>"), this);
    auto* text = new QLabel(tr("<p>Inspect agent trajectories that write and optimize CUDA kernels: the PyTorch "
                               "reference, the agent's CUDA, compiler output, verification, GPU timelines and "
                               "rewards, turn by turn.</p>"
                               "<p>This store has no trajectories yet. Open another store, or add trajectories to this "
                               "one with File → Import (native JSONL, OpenAI chat JSONL, ATIF, a KernelBench run, a CUDA "
                               "Agent workspace or another store), or let an agent work on a task (Agent menu).</p>"),
        this);
    text->setWordWrap(true);
    m_storeLabel->setWordWrap(true);
    m_storeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* open = new QPushButton(tr("Open Store…"), this);
    open->setObjectName(QStringLiteral("openStoreButton"));
    connect(open, &QPushButton::clicked, this, &WelcomePage::openStoreRequested);

    auto* cases = new QPushButton(tr("Open Case Studies"), this);
    cases->setObjectName(QStringLiteral("openCaseStudiesButton"));
    cases->setToolTip(tr("Trajectories recorded on an H200 that teach the optimization patterns, in Teaching Mode"));
    cases->setVisible(!SampleStore::bundledPath().isEmpty());
    connect(cases, &QPushButton::clicked, this, &WelcomePage::openCaseStudiesRequested);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(cases);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addStretch();
    layout->addWidget(title);
    layout->addWidget(text);
    layout->addWidget(m_storeLabel);
    layout->addLayout(buttons);
    layout->addStretch(2);
    layout->setContentsMargins(48, 24, 48, 24);
}

void WelcomePage::setStorePath(const QString& path)
{
    m_storeLabel->setText(tr("Store: %1").arg(QDir::toNativeSeparators(path)));
}

} // namespace kwb
