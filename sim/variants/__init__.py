"""Variant rules over the shared core: one package per variant (config, compiled rule kernels)."""
