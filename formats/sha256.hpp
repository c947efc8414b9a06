// SHA-256 (FIPS 180-4) of bytes, as 64 lowercase hex digits: the fingerprint a
// round keeps of its frozen deals (formats/round.md).
#pragma once
#include <string>
#include <string_view>

namespace pyr {

std::string sha256_hex(std::string_view bytes);

}  // namespace pyr
