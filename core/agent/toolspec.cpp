#include "toolspec.h"

#include <QJsonArray>
#include <cmath>

namespace kwb::agent {

namespace {

using Parameter = ToolSpec::Parameter;

QList<ToolSpec> makeSpecs()
{
    const QString trialsText = QStringLiteral(
        "Correctness trials on fresh random inputs. More than the environment's number makes the check stricter; "
        "fewer are not taken.");
    return {
        { QStringLiteral("bash"),
            QStringLiteral("Run a bash command in the workspace folder and get its output (stdout and stderr as "
                           "printed) and exit status. For inspecting files, small experiments and scripts; the "
                           "command and everything it starts are stopped at the time limit, and long output is cut "
                           "in the middle."),
            { { QStringLiteral("command"), QStringLiteral("string"), true,
                QStringLiteral("The command line, run with /bin/bash -c.") } } },
        { QStringLiteral("read_file"),
            QStringLiteral("Read a text file of the workspace with line numbers. The task's reference model is in "
                           "the first message, not in the workspace."),
            { { QStringLiteral("path"), QStringLiteral("string"), true,
                  QStringLiteral("Path relative to the workspace, such as model_new.py or kernels/add.cu.") },
                { QStringLiteral("offset"), QStringLiteral("integer"), false,
                    QStringLiteral("First line to read, counting from 1.") },
                { QStringLiteral("limit"), QStringLiteral("integer"), false,
                    QStringLiteral("How many lines to read (default 2000).") } } },
        { QStringLiteral("write_file"),
            QStringLiteral("Create or replace a file of the workspace with the given content; folders on the way are "
                           "created."),
            { { QStringLiteral("path"), QStringLiteral("string"), true,
                  QStringLiteral("Path relative to the workspace, such as kernels/add.cu.") },
                { QStringLiteral("content"), QStringLiteral("string"), true,
                    QStringLiteral("The whole new content of the file.") } } },
        { QStringLiteral("edit_file"),
            QStringLiteral("Replace one exact piece of text in a workspace file. old_string must occur exactly once "
                           "in the file, spaces and line breaks included; give enough surrounding lines to make it "
                           "unique."),
            { { QStringLiteral("path"), QStringLiteral("string"), true,
                  QStringLiteral("Path relative to the workspace.") },
                { QStringLiteral("old_string"), QStringLiteral("string"), true,
                    QStringLiteral("The text to replace, exactly as it is in the file.") },
                { QStringLiteral("new_string"), QStringLiteral("string"), true,
                    QStringLiteral("The text to put in its place.") } } },
        { QStringLiteral("compile"),
            QStringLiteral("Build the workspace's extension (kernels/*.cu, kernels/*.cpp) exactly as the evaluation "
                           "does. Reports the compiler's errors and warnings as file:line:column and, per kernel, "
                           "registers, shared memory and spills."),
            {} },
        { QStringLiteral("verify"),
            QStringLiteral("Compile, then run ModelNew against the reference Model on fresh random inputs in separate "
                           "processes and compare the outputs within the tolerances. Reports how many trials passed "
                           "and the largest errors. No timing."),
            { { QStringLiteral("trials"), QStringLiteral("integer"), false, trialsText } } },
        { QStringLiteral("profile"),
            QStringLiteral("The full evaluation as it is judged: compile, verify, then time the candidate, eager "
                           "PyTorch and torch.compile under one protocol. Reports the times, speedups, reward, "
                           "anything flagged as suspicious, the roofline when the machine is calibrated and, on the "
                           "GPU, where the time went kernel by kernel. Slower than verify."),
            { { QStringLiteral("trials"), QStringLiteral("integer"), false, trialsText } } },
    };
}

QString typeName(const QJsonValue& value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return QStringLiteral("null");
    case QJsonValue::Bool:
        return QStringLiteral("a boolean");
    case QJsonValue::Double:
        return QStringLiteral("a number");
    case QJsonValue::String:
        return QStringLiteral("a string");
    case QJsonValue::Array:
        return QStringLiteral("an array");
    case QJsonValue::Object:
        return QStringLiteral("an object");
    case QJsonValue::Undefined:
        break;
    }
    return QStringLiteral("undefined");
}

} // namespace

const QList<ToolSpec>& ToolSpec::all()
{
    static const QList<ToolSpec> specs = makeSpecs();
    return specs;
}

const ToolSpec* ToolSpec::find(const QString& name)
{
    for (const ToolSpec& spec : all()) {
        if (spec.name == name)
            return &spec;
    }
    return nullptr;
}

QJsonObject ToolSpec::schema() const
{
    QJsonObject properties;
    QJsonArray required;
    for (const Parameter& p : parameters) {
        QJsonObject property { { QStringLiteral("type"), p.type }, { QStringLiteral("description"), p.description } };
        if (p.type == QLatin1String("integer"))
            property.insert(QStringLiteral("minimum"), 1);
        properties.insert(p.name, property);
        if (p.required)
            required.append(p.name);
    }
    QJsonObject parametersSchema { { QStringLiteral("type"), QStringLiteral("object") },
        { QStringLiteral("properties"), properties }, { QStringLiteral("additionalProperties"), false } };
    if (!required.isEmpty())
        parametersSchema.insert(QStringLiteral("required"), required);
    const QJsonObject function { { QStringLiteral("name"), name }, { QStringLiteral("description"), description },
        { QStringLiteral("parameters"), parametersSchema } };
    return { { QStringLiteral("type"), QStringLiteral("function") }, { QStringLiteral("function"), function } };
}

QString ToolSpec::check(const QJsonObject& arguments) const
{
    QStringList known;
    for (const Parameter& p : parameters)
        known.append(p.name);
    for (auto it = arguments.begin(); it != arguments.end(); ++it) {
        if (!known.contains(it.key())) {
            return known.isEmpty() ? QStringLiteral("%1 takes no arguments, and was given \"%2\".").arg(name, it.key())
                                   : QStringLiteral("%1 has no argument \"%2\"; its arguments are %3.")
                                         .arg(name, it.key(), known.join(QStringLiteral(", ")));
        }
    }
    for (const Parameter& p : parameters) {
        const QJsonValue value = arguments.value(p.name);
        if (value.isUndefined()) {
            if (p.required)
                return QStringLiteral("%1 needs the argument \"%2\" (%3).").arg(name, p.name, p.type);
            continue;
        }
        if (p.type == QLatin1String("string") && !value.isString())
            return QStringLiteral("The argument \"%1\" of %2 must be a string, not %3.")
                .arg(p.name, name, typeName(value));
        if (p.type == QLatin1String("integer")) {
            const double number = value.toDouble(std::nan(""));
            if (!value.isDouble() || number != std::floor(number) || number < 1 || number > 1e9)
                return QStringLiteral("The argument \"%1\" of %2 must be a whole number of at least 1, not %3.")
                    .arg(p.name, name, value.isDouble() ? QString::number(number) : typeName(value));
        }
    }
    return {};
}

} // namespace kwb::agent
