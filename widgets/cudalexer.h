#pragma once

#include <Qsci/qscilexercpp.h>

#include <QByteArray>

namespace kwb {

// C++ as QScintilla lexes it, plus CUDA: execution-space and memory qualifiers as keywords, and the built-in
// variables and intrinsics (threadIdx, __syncthreads, atomicAdd, ...) as a second keyword set in their own colour.
class CudaLexer : public QsciLexerCPP
{
    Q_OBJECT
public:
    explicit CudaLexer(QObject* parent = nullptr);

    const char* language() const override;
    const char* keywords(int set) const override;

private:
    QByteArray m_keywords;
};

} // namespace kwb
