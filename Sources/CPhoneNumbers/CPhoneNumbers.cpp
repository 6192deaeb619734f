// A small C shim over libphonenumber's C++ matcher, so Swift can find and validate phone numbers.
#include "CPhoneNumbers.h"

#include <cstring>
#include <mutex>
#include <string>

#include <phonenumbers/logger.h>
#include <phonenumbers/phonenumbermatch.h>
#include <phonenumbers/phonenumbermatcher.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::NullLogger;
using i18n::phonenumbers::PhoneNumberMatch;
using i18n::phonenumbers::PhoneNumberMatcher;
using i18n::phonenumbers::PhoneNumberUtil;

static PhoneNumberUtil *quietUtil() {
    static std::once_flag once;
    PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
    std::call_once(once, [util] { util->SetLogger(new NullLogger()); });
    return util;
}

extern "C" int pool_phone_find(const char *text, const char *region, char *out, int capacity) {
    PhoneNumberUtil *util = quietUtil();
    PhoneNumberMatcher matcher(*util, std::string(text), std::string(region), PhoneNumberMatcher::VALID, 64);
    std::string result;
    int count = 0;
    while (matcher.HasNext()) {
        PhoneNumberMatch match;
        if (!matcher.Next(&match)) break;
        std::string e164;
        util->Format(match.number(), PhoneNumberUtil::E164, &e164);
        std::string code;
        util->GetRegionCodeForNumber(match.number(), &code);
        result += e164 + " " + code + "\n";
        count += 1;
    }
    if (static_cast<int>(result.size()) + 1 > capacity) return -1;
    std::memcpy(out, result.c_str(), result.size() + 1);
    return count;
}
