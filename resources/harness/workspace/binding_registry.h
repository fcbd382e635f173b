// Supplied by the evaluation harness when a workspace has none. Each kernels/*_binding.cpp registers the
// functions it exposes; binding.cpp hands them all to the one Python module, so bindings never collide.
#pragma once

#include <torch/extension.h>

#include <functional>
#include <utility>
#include <vector>

// Hidden like pybind11's own types, which it holds.
class __attribute__((visibility("hidden"))) BindingRegistry
{
public:
    using Binder = std::function<void(pybind11::module_&)>;

    static BindingRegistry& instance()
    {
        static BindingRegistry registry;
        return registry;
    }
    void add(Binder binder) { m_binders.push_back(std::move(binder)); }
    void apply(pybind11::module_& module) const
    {
        for (const Binder& binder : m_binders)
            binder(module);
    }

private:
    std::vector<Binder> m_binders;
};

// REGISTER_BINDING(name, function): exposes `function` to Python as cuda_extension.name.
#define REGISTER_BINDING(name, function)                                                                         \
    static const bool kwb_binding_registered_##name = [] {                                                     \
        BindingRegistry::instance().add([](pybind11::module_& m) { m.def(#name, &function); });                \
        return true;                                                                                           \
    }()
