#pragma once

#include "evalresult.h"

namespace kwb {

// Where one timed run sits against what the machine allows: the task's least work (WorkFloor) over the
// measured median, against the calibrated copy bandwidth and matrix rate (Ceilings).
struct RooflinePoint
{
    enum class Limit { Memory, Compute };

    double seconds = kUnknown; // the measured median
    double bytes = kUnknown;
    double flops = kUnknown;
    double intensity = kUnknown; // FLOP per byte of the floor; 0 when the reference does no counted FLOPs
    double achievedBandwidth = kUnknown; // floor bytes per second
    double achievedFlops = kUnknown; // floor FLOPs per second
    double bandwidthFraction = kUnknown; // of the copy bandwidth
    double computeFraction = kUnknown; // of the matrix rate
    double boundSeconds = kUnknown; // max(bytes / bandwidth, FLOPs / rate): the least time the machine allows
    double fractionOfRoofline = kUnknown; // boundSeconds / seconds; 1 means at the roof
    Limit limitedBy = Limit::Memory;

    bool isValid() const;
};

namespace roofline {

// The roofline point of a run that took medianUs; invalid when the floor (its bytes or its FLOPs), the ceilings
// or the time is unknown. A counted 0 FLOPs is known: such a point is valid, with intensity 0.
RooflinePoint point(const WorkFloor& floor, const Ceilings& ceilings, double medianUs, const QString& precision);

// The TF32 policy an evaluation ran under ("fp32" or "tf32", from its fingerprint); it picks the matrix rate.
QString precision(const EvalResult& e);

// The candidate's, eager PyTorch's and torch.compile's points of one evaluation (precision from its fingerprint).
RooflinePoint candidate(const EvalResult& e);
RooflinePoint eager(const EvalResult& e);
RooflinePoint compiled(const EvalResult& e);
// The candidate's point when it passed verification: the speed of an incorrect kernel is no roofline figure.
RooflinePoint correctCandidate(const EvalResult& e);

// The attainable FLOP rate at an arithmetic intensity: min(rate, intensity × bandwidth); NaN when unknown.
double attainable(double intensity, double bandwidth, double rate);
// The intensity where the memory roof meets the compute roof; NaN when unknown.
double ridge(double bandwidth, double rate);

// "83 %" style text for a fraction, or "–" when unknown.
QString percentText(double fraction);

} // namespace roofline

} // namespace kwb
