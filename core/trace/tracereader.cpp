#include "trace/tracereader.h"

#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <unordered_map>
#include <utility>

namespace kwb::trace {

namespace od = simdjson::ondemand;

namespace {

// A JSON number of µs (as its text) to ns, exactly for plain decimals: "1000005.250" -> 1000005250.
bool microsToNanos(std::string_view text, int64_t* ns)
{
    while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' || text.back() == '\t'))
        text.remove_suffix(1);
    const bool negative = !text.empty() && text.front() == '-';
    std::string_view digits = negative ? text.substr(1) : text;
    const size_t dot = digits.find('.');
    const std::string_view whole = digits.substr(0, dot);
    const std::string_view frac = dot == std::string_view::npos ? std::string_view() : digits.substr(dot + 1);
    bool plain = !whole.empty() && whole.size() <= 15;
    for (const char c : whole)
        plain = plain && c >= '0' && c <= '9';
    for (const char c : frac)
        plain = plain && c >= '0' && c <= '9';
    if (plain) {
        int64_t value = 0;
        std::from_chars(whole.data(), whole.data() + whole.size(), value);
        int64_t sub = 0;
        for (size_t i = 0; i < 3; ++i)
            sub = sub * 10 + (i < frac.size() ? frac[i] - '0' : 0);
        if (frac.size() > 3 && frac[3] >= '5')
            ++sub;
        *ns = (value * 1000 + sub) * (negative ? -1 : 1);
        return true;
    }
    const std::string copy(text); // exponents and other forms
    char* end = nullptr;
    const double us = std::strtod(copy.c_str(), &end);
    if (end == copy.c_str() || !(std::fabs(us) < 9.2e15)) // beyond int64_t once in ns
        return false;
    *ns = std::llround(us * 1000.0);
    return true;
}

// Which kind of event a category names (Kineto's and kwb_tracer's names); instants by their phase.
EventKind kindOf(std::string_view ph, std::string_view cat)
{
    if (ph == "i" || ph == "I" || ph == "n")
        return EventKind::Instant;
    static constexpr std::pair<std::string_view, EventKind> kinds[] = {
        { "kernel", EventKind::Kernel },
        { "gpu_memcpy", EventKind::Memcpy },
        { "gpu_memset", EventKind::Memset },
        { "cuda_runtime", EventKind::RuntimeApi },
        { "cuda_driver", EventKind::DriverApi },
        { "cuda_sync", EventKind::Synchronization },
        { "nvtx", EventKind::Range },
        { "user_annotation", EventKind::Range },
        { "gpu_user_annotation", EventKind::Range },
        { "cpu_op", EventKind::CpuOp },
        { "python_function", EventKind::CpuOp },
        { "operator", EventKind::CpuOp },
    };
    for (const auto& [name, kind] : kinds) {
        if (cat == name)
            return kind;
    }
    return EventKind::Other;
}

// pid and tid are numbers in Chrome traces, sometimes strings ("stream 7"): a string becomes a stable id,
// and its text the track's name unless metadata names it.
struct Id {
    int64_t value = 0;
    std::string_view text;
};

simdjson::error_code readId(od::value v, Id* id)
{
    od::json_type type;
    if (auto e = v.type().get(type))
        return e;
    if (type == od::json_type::number) {
        double d = 0;
        if (auto e = v.get_double().get(d))
            return e;
        if (!(std::fabs(d) < 9.2e18)) // converting a larger double to int64_t is undefined
            return simdjson::NUMBER_OUT_OF_RANGE;
        id->value = static_cast<int64_t>(d);
        return simdjson::SUCCESS;
    }
    if (type == od::json_type::string) {
        if (auto e = v.get_string().get(id->text))
            return e;
        id->value = static_cast<int64_t>(std::hash<std::string_view>()(id->text) >> 2) | (int64_t(1) << 61);
        return simdjson::SUCCESS;
    }
    return simdjson::INCORRECT_TYPE;
}

struct RawEvent {
    std::string_view ph, name, cat, bp, metaName;
    Id pid, tid, id;
    int64_t ts = 0, dur = 0;
    bool hasTs = false, hasDur = false, hasId = false, hasSortIndex = false;
    int64_t sortIndex = 0;
    uint32_t correlation = 0;
};

// Calls visit(key, value) for each member of obj, in order; stops at the first error, the document's or visit's.
template<typename Visit>
simdjson::error_code forEachMember(od::object obj, Visit&& visit)
{
    for (auto field : obj) {
        std::string_view key;
        if (auto e = field.unescaped_key().get(key))
            return e;
        od::value value;
        if (auto e = field.value().get(value))
            return e;
        if (auto e = visit(key, value))
            return e;
    }
    return simdjson::SUCCESS;
}

simdjson::error_code readArgs(od::value v, RawEvent* ev)
{
    od::object args;
    if (auto e = v.get_object().get(args))
        return e;
    return forEachMember(args, [ev](std::string_view key, od::value value) {
        if (key == "name" || key == "labels") { // process_labels carries "labels"
            if (value.get_string().get(ev->metaName))
                ev->metaName = {};
        } else if (key == "correlation") {
            int64_t c = 0;
            if (!value.get_int64().get(c))
                ev->correlation = static_cast<uint32_t>(c);
        } else if (key == "sort_index") {
            if (!value.get_int64().get(ev->sortIndex))
                ev->hasSortIndex = true;
        }
        return simdjson::SUCCESS;
    });
}

simdjson::error_code readEvent(od::object obj, RawEvent* ev)
{
    return forEachMember(obj, [ev](std::string_view key, od::value v) {
        simdjson::error_code e = simdjson::SUCCESS;
        if (key == "ph")
            e = v.get_string().get(ev->ph);
        else if (key == "name")
            e = v.get_string().get(ev->name);
        else if (key == "cat")
            e = v.get_string().get(ev->cat);
        else if (key == "bp")
            e = v.get_string().get(ev->bp);
        else if (key == "pid")
            e = readId(v, &ev->pid);
        else if (key == "tid")
            e = readId(v, &ev->tid);
        else if (key == "id") {
            e = readId(v, &ev->id);
            ev->hasId = e == simdjson::SUCCESS;
        } else if (key == "ts" || key == "dur") {
            const std::string_view raw = v.raw_json_token();
            int64_t ns = 0;
            if (!microsToNanos(raw, &ns))
                e = simdjson::NUMBER_ERROR;
            (key == "ts" ? ev->ts : ev->dur) = ns;
            (key == "ts" ? ev->hasTs : ev->hasDur) = true;
        } else if (key == "args") {
            e = readArgs(v, ev);
        }
        return e;
    });
}

class Builder
{
public:
    explicit Builder(TraceModel& model) : m_model(model) { }

    void add(const RawEvent& ev, uint64_t offset)
    {
        const std::string_view ph = ev.ph;
        if (ph == "M") {
            if (ev.name == "process_name")
                m_model.setProcessName(ev.pid.value, ev.metaName);
            else if (ev.name == "process_labels") // torch.profiler: process "python3", labels "GPU 0"
                m_model.setProcessLabels(ev.pid.value, ev.metaName);
            else if (ev.name == "thread_name")
                m_model.setThreadName(ev.pid.value, ev.tid.value, ev.metaName);
            else if (ev.name == "process_sort_index" && ev.hasSortIndex)
                m_model.setProcessSortIndex(ev.pid.value, ev.sortIndex);
            else if (ev.name == "thread_sort_index" && ev.hasSortIndex)
                m_model.setThreadSortIndex(ev.pid.value, ev.tid.value, ev.sortIndex);
            return;
        }
        if (!ev.hasTs)
            return;
        if (ph == "s" || ph == "t" || ph == "f") {
            if (ev.hasId && ph != "t")
                m_model.addFlowEnd(static_cast<uint64_t>(ev.id.value), ev.pid.value, ev.tid.value, ev.ts, ph == "s",
                                   ev.bp == "e");
            return;
        }
        if (ph != "X" && ph != "B" && ph != "E" && ph != "b" && ph != "e" && ph != "i" && ph != "I" && ph != "n")
            return; // counters, samples, objects: not shown
        const uint32_t track = m_model.trackFor(ev.pid.value, ev.tid.value);
        if (!ev.tid.text.empty())
            m_model.setThreadName(ev.pid.value, ev.tid.value, ev.tid.text);
        if (!ev.pid.text.empty())
            m_model.setDefaultProcessName(ev.pid.value, ev.pid.text);
        if (ph == "E" || ph == "e") { // closes the innermost open B on the track
            auto& open = m_open[track];
            if (open.empty())
                return;
            TraceEvent e = open.back();
            open.pop_back();
            e.duration = ev.ts > e.start ? ev.ts - e.start : 0;
            m_model.addEvent(track, e);
            return;
        }
        TraceEvent e;
        e.start = ev.ts;
        e.duration = ph == "X" && ev.hasDur && ev.dur > 0 ? ev.dur : 0;
        e.name = m_model.intern(ev.name);
        e.correlation = ev.correlation;
        e.setPacked(offset, kindOf(ph, ev.cat), 0);
        if (ph == "B" || ph == "b")
            m_open[track].push_back(e);
        else
            m_model.addEvent(track, e);
    }

private:
    TraceModel& m_model;
    std::unordered_map<uint32_t, std::vector<TraceEvent>> m_open; // B events waiting for their E
};

// Length of the JSON object that starts text (at its '{'), or npos when text ends first.
size_t objectLength(std::string_view text)
{
    int depth = 0;
    bool inString = false;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
            return i + 1;
        }
    }
    return std::string_view::npos;
}

std::string describe(simdjson::error_code e)
{
    return simdjson::error_message(e);
}

} // namespace

static TraceReader::Result parsePadded(const simdjson::padded_string& json, const std::string& label,
                                const TraceReader::Progress& progress, const std::atomic<bool>* cancel);

TraceReader::Result TraceReader::load(const std::string& path, const Progress& progress, const std::atomic<bool>* cancel)
{
    Result result;
    simdjson::padded_string json;
    if (auto e = simdjson::padded_string::load(path).get(json)) {
        result.error = "Cannot read " + path + ": " + describe(e) + ".";
        return result;
    }
    return parsePadded(json, path, progress, cancel);
}

TraceReader::Result TraceReader::parse(std::string_view text, const std::string& label, const Progress& progress,
                                       const std::atomic<bool>* cancel)
{
    const simdjson::padded_string json(text); // simdjson reads past the end: it needs its padding
    return parsePadded(json, label, progress, cancel);
}

static TraceReader::Result parsePadded(const simdjson::padded_string& json, const std::string& label,
                                const TraceReader::Progress& progress, const std::atomic<bool>* cancel)
{
    using Result = TraceReader::Result;
    const std::string_view text(json.data(), json.size());
    Result result;
    result.model = std::make_unique<TraceModel>();
    od::parser parser;
    od::document doc;
    uint64_t lastGood = 0;
    auto fail = [&](const std::string& what, uint64_t at) {
        result.error = label + " is not a complete Chrome trace: " + what + " at byte " + std::to_string(at) + ".";
        result.complete = false;
        result.model->finish();
        return std::move(result);
    };
    if (auto e = parser.iterate(json).get(doc))
        return fail(describe(e), 0);

    od::array events;
    od::json_type top;
    if (auto e = doc.type().get(top))
        return fail(describe(e), 0);
    bool found = false;
    if (top == od::json_type::array) {
        if (auto e = doc.get_array().get(events))
            return fail(describe(e), 0);
        found = true;
    } else if (top == od::json_type::object) {
        od::object root;
        if (auto e = doc.get_object().get(root))
            return fail(describe(e), 0);
        for (auto field : root) {
            std::string_view key;
            if (auto e = field.unescaped_key().get(key))
                return fail(describe(e), lastGood);
            if (key == "traceEvents") {
                if (auto e = field.value().get_array().get(events))
                    return fail("traceEvents is not an array (" + describe(e) + ")", lastGood);
                found = true;
                break; // the members after it are not needed
            }
        }
    } else {
        return fail("the top level is neither an object nor an array", 0);
    }
    if (!found)
        return fail("there is no traceEvents array", 0);

    Builder builder(*result.model);
    const char* base = json.data();
    size_t count = 0;
    for (auto item : events) {
        od::value value;
        if (auto e = item.get(value))
            return fail(describe(e), lastGood);
        const char* at = nullptr;
        if (auto e = value.current_location().get(at))
            return fail(describe(e), lastGood);
        const uint64_t offset = static_cast<uint64_t>(at - base);
        od::object obj;
        if (auto e = value.get_object().get(obj))
            return fail("an event is not an object (" + describe(e) + ")", offset);
        RawEvent ev;
        if (auto e = readEvent(obj, &ev))
            return fail(describe(e), offset);
        builder.add(ev, offset);
        lastGood = offset;
        if ((++count & 0xfff) == 0) {
            if (cancel && cancel->load())
                return fail("loading was cancelled", offset);
            if (progress && (count & 0xffff) == 0)
                progress(static_cast<double>(offset) / static_cast<double>(text.size() ? text.size() : 1));
        }
    }
    result.model->finish();
    result.complete = true;
    if (progress)
        progress(1.0);
    return result;
}

namespace {

// The text of an array or object value as it stands in the document.
template<typename Container>
simdjson::error_code rawJsonOf(od::value& v, std::string_view* raw)
{
    Container container;
    if (auto e = v.get<Container>().get(container))
        return e;
    return container.raw_json().get(*raw);
}

// The members of the JSON object `text` (exactly one object) and of its args.
simdjson::error_code objectMembers(std::string_view text, std::vector<std::pair<std::string, std::string>>* out)
{
    const simdjson::padded_string json(text);
    od::parser parser;
    od::document doc;
    od::object obj;
    auto collect = [&](od::object o, const std::string& prefix, auto& self) -> simdjson::error_code {
        return forEachMember(o, [&](std::string_view key, od::value v) -> simdjson::error_code {
            od::json_type type;
            if (auto e = v.type().get(type))
                return e;
            if (key == "args" && prefix.empty() && type == od::json_type::object) {
                od::object args;
                if (auto e = v.get_object().get(args))
                    return e;
                return self(args, "args.", self);
            }
            std::string_view raw;
            if (type == od::json_type::string) {
                if (auto e = v.get_string().get(raw))
                    return e;
            } else if (type == od::json_type::array) {
                if (auto e = rawJsonOf<od::array>(v, &raw))
                    return e;
            } else if (type == od::json_type::object) {
                if (auto e = rawJsonOf<od::object>(v, &raw))
                    return e;
            } else {
                raw = v.raw_json_token();
            }
            while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\n' || raw.back() == '\r'))
                raw.remove_suffix(1);
            out->emplace_back(prefix + std::string(key), std::string(raw));
            return simdjson::SUCCESS;
        });
    };
    simdjson::error_code e = parser.iterate(json).get(doc);
    if (!e)
        e = doc.get_object().get(obj);
    if (!e)
        e = collect(obj, "", collect);
    if (e)
        out->clear();
    return e;
}

} // namespace

std::vector<std::pair<std::string, std::string>> TraceReader::details(const std::string& path, uint64_t offset,
                                                                      std::string* error)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::ifstream file(path, std::ios::binary);
    if (!file) {
        *error = "Cannot read " + path + ".";
        return out;
    }
    file.seekg(0, std::ios::end);
    const auto size = static_cast<uint64_t>(file.tellg());
    if (offset >= size) {
        *error = path + " is shorter than it was when it was loaded.";
        return out;
    }
    for (uint64_t chunk = 1 << 16;; chunk *= 4) { // an event's object is small; grow only for huge args
        const uint64_t length = std::min<uint64_t>(chunk, size - offset);
        std::string text(length, '\0');
        file.seekg(static_cast<std::streamoff>(offset));
        file.read(text.data(), static_cast<std::streamsize>(length));
        const size_t objectSize = objectLength(text);
        if (objectSize == std::string_view::npos && length < size - offset)
            continue; // the object goes on past this chunk
        if (const auto e = objectMembers(std::string_view(text).substr(0, objectSize), &out))
            *error = "The event at byte " + std::to_string(offset) + " of " + path + " cannot be read: " + describe(e) + ".";
        return out;
    }
}

std::vector<std::pair<std::string, std::string>> TraceReader::detailsInText(std::string_view json, uint64_t offset,
                                                                            std::string* error)
{
    std::vector<std::pair<std::string, std::string>> out;
    if (offset >= json.size()) {
        *error = "The trace has no event at byte " + std::to_string(offset) + ".";
        return out;
    }
    const std::string_view rest = json.substr(offset);
    if (const auto e = objectMembers(rest.substr(0, objectLength(rest)), &out))
        *error = "The event at byte " + std::to_string(offset) + " cannot be read: " + describe(e) + ".";
    return out;
}

} // namespace kwb::trace
