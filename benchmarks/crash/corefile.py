"""Where a process crashed, read from the notes of its core file: the signal, the faulting address and, for the
crashing thread, the instruction pointer as a library and offset (for `addr2line -e LIBRARY OFFSET`).

The benchmark caps cores at `rounds.CORE_LIMIT`: enough for the notes (each thread's registers, the mapped files),
not the memory, which is all this needs.
"""

import struct

NT_PRSTATUS, NT_SIGINFO, NT_FILE = 1, 0x53494749, 0x46494C45


def summary(path):
    """A sentence: "SIGSEGV at address 0xa0 in /usr/lib/.../libfoo.so+0x1234", or why it cannot say."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        return _summary(data)
    except (OSError, struct.error, IndexError, ValueError) as error:
        return f"unreadable core ({error})"


def _summary(data):
    if data[:4] != b"\x7fELF" or data[4] != 2:
        return "not a 64-bit ELF core"
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phnum, = struct.unpack_from("<H", data, 0x38)
    threads, files, siginfo = [], [], None
    for number in range(phnum):
        kind, _, offset, _, _, size, _, _ = struct.unpack_from("<IIQQQQQQ", data, phoff + number * 56)
        if kind != 4:  # PT_NOTE
            continue
        position, end = offset, min(offset + size, len(data))
        while position + 12 <= end:
            name_size, desc_size, note = struct.unpack_from("<III", data, position)
            position += 12 + ((name_size + 3) & ~3)
            desc = data[position:position + desc_size]
            position += (desc_size + 3) & ~3
            if len(desc) < desc_size:
                break
            if note == NT_PRSTATUS:
                signal_number = struct.unpack_from("<i", desc, 0)[0]
                registers = struct.unpack_from("<27Q", desc, 112)
                threads.append((signal_number, registers[16]))  # x86-64 user_regs_struct: rip
            elif note == NT_SIGINFO:
                siginfo = struct.unpack_from("<iiiiQ", desc, 0)
            elif note == NT_FILE:
                count, page = struct.unpack_from("<QQ", desc, 0)
                names = desc[16 + 24 * count:].split(b"\0")
                for entry in range(count):
                    start, stop, page_offset = struct.unpack_from("<QQQ", desc, 16 + 24 * entry)
                    files.append((start, stop, page_offset * page, names[entry].decode(errors="replace")))
    if not threads:
        return "core without thread notes (raise rounds.CORE_LIMIT)"
    signal_number, pc = threads[0]
    place = next((f"{name}+{pc - start + offset:#x}" for start, stop, offset, name in files if start <= pc < stop),
                 f"{pc:#x} (mapped files not in the core)")
    address = f" at address {siginfo[4]:#x}" if siginfo and siginfo[0] in (4, 7, 8, 11) else ""
    return f"signal {signal_number}{address} in {place}; {len(threads)} threads"
