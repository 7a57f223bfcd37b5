"""``prefetch_record``: ask the processor to start loading a record's bytes.

A batch loop works on row b while row b + 1's record is still in main memory or a far
cache; the rules then read it cell by cell, in an order the hardware prefetcher cannot
follow, and each first touch of a cache line stalls. Asking for the next record's lines
when a row starts overlaps those loads with the row's own work (issue 40: El Caballero's
record is 2.7 KB, 42 lines, read at random cells of its grids). A prefetch is only a
hint: it changes no result and never faults.
"""

from llvmlite import ir
from numba import types
from numba.core import config
from numba.core.extending import intrinsic

LINE = 64  # bytes of a cache line on the machines numba targets (x86-64, aarch64)


@intrinsic
def _prefetch(typingctx, record):
    """Prefetch every cache line of ``record`` (a row of a structured array) for reading."""
    if not isinstance(record, types.Record):
        return None
    size = record.size

    def codegen(context, builder, signature, args):
        byte_ptr = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        fnty = ir.FunctionType(ir.VoidType(), [byte_ptr, i32, i32, i32])
        # llvmlite names the overload for its own LLVM (p0i8 typed, p0 opaque; LLVM upgrades the old name)
        prefetch = builder.module.declare_intrinsic("llvm.prefetch", [byte_ptr], fnty)
        start = builder.bitcast(args[0], byte_ptr)
        # read (0), keep in every cache level (3), data (1)
        flags = [ir.Constant(i32, 0), ir.Constant(i32, 3), ir.Constant(i32, 1)]
        for offset in range(0, size, LINE):
            builder.call(prefetch, [builder.gep(start, [ir.Constant(ir.IntType(64), offset)]), *flags])
        return context.get_dummy_value()

    return types.none(record), codegen


def _nothing(record):
    """Uncompiled kernels (NUMBA_DISABLE_JIT=1) cannot call an intrinsic: no hint then."""


prefetch_record = _nothing if config.DISABLE_JIT else _prefetch  # type: ignore[attr-defined]  # set at import
