#include "../binding_registry.h"
// REGISTER_BINDING(relu_forward, ...)
