#pragma once

#include <QWidget>

class QLabel;

namespace kwb {

// Shown in the centre while the open store has no trajectories: what the workbench is and how to fill it.
class WelcomePage : public QWidget
{
    Q_OBJECT
public:
    explicit WelcomePage(QWidget* parent = nullptr);
    void setStorePath(const QString& path);

Q_SIGNALS:
    void openStoreRequested();
    void openCaseStudiesRequested();

private:
    QLabel* m_storeLabel;
};

} // namespace kwb
