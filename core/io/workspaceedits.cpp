#include "workspaceedits.h"

#include <QDir>
#include <QSet>

namespace kwb {

namespace {

const QSet<QString>& writeTools()
{
    static const QSet<QString> names { QStringLiteral("write_file"), QStringLiteral("write"), QStringLiteral("create_file"),
        QStringLiteral("Write"), QStringLiteral("str_replace_based_edit_tool"), QStringLiteral("str_replace_editor") };
    return names;
}

const QSet<QString>& editTools()
{
    static const QSet<QString> names { QStringLiteral("edit_file"), QStringLiteral("edit"), QStringLiteral("Edit"),
        QStringLiteral("str_replace"), QStringLiteral("str_replace_based_edit_tool"), QStringLiteral("str_replace_editor") };
    return names;
}

QString firstString(const QJsonObject& o, std::initializer_list<const char*> keys)
{
    for (const char* key : keys) {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isString())
            return v.toString();
    }
    return {};
}

bool hasAny(const QJsonObject& o, std::initializer_list<const char*> keys)
{
    for (const char* key : keys) {
        if (o.value(QLatin1String(key)).isString())
            return true;
    }
    return false;
}

// Workspace paths are relative; "./a.cu" and "/workspace/a.cu" style absolute paths keep their last part only
// when nothing better is known.
QString normalPath(const QString& path)
{
    QString p = QDir::cleanPath(path);
    while (p.startsWith(QLatin1String("./")))
        p = p.mid(2);
    if (QDir::isAbsolutePath(p))
        p = p.section(QLatin1Char('/'), -1);
    return p;
}

} // namespace

bool WorkspaceEdits::apply(const ToolCall& call, WorkspaceSnapshot* workspace)
{
    if (!call.hasValidArguments())
        return false;
    const QJsonObject& a = call.arguments;
    const QString rawPath = firstString(a, { "path", "file_path", "filename", "file" });
    if (rawPath.isEmpty())
        return false;
    const QString path = normalPath(rawPath);
    const QString command = a.value(QLatin1String("command")).toString();
    const bool isWrite = hasAny(a, { "content", "file_text" })
        && (writeTools().contains(call.name) || command == QLatin1String("create") || !editTools().contains(call.name));
    if (isWrite) {
        workspace->setFile(path, firstString(a, { "content", "file_text" }).toUtf8());
        return true;
    }
    if (!hasAny(a, { "old_string", "old_str" }) || !workspace->hasContent(path))
        return false;
    const QByteArray oldText = firstString(a, { "old_string", "old_str" }).toUtf8();
    const QByteArray newText = firstString(a, { "new_string", "new_str" }).toUtf8();
    QByteArray content = workspace->content(path);
    const qsizetype at = content.indexOf(oldText);
    if (oldText.isEmpty() || at < 0)
        return false;
    const bool all = a.value(QLatin1String("replace_all")).toBool();
    if (all)
        content.replace(oldText, newText);
    else
        content.replace(at, oldText.size(), newText);
    workspace->setFile(path, content);
    return true;
}

} // namespace kwb
