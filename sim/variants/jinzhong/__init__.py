"""晋中胡乐麻将 (RULES §2): config, win classification and money kernels."""
