// libgeonames (Debian libgeonames-dev): the GeoNames cities of at least 15,000 people, compiled into the library,
// read one at a time. A city is a GVariant the caller frees; the shim copies each one's fields into a plain
// struct so Swift never holds a GLib object.
#ifndef POOL_CGEONAMES_SHIM_H
#define POOL_CGEONAMES_SHIM_H

#include <geonames.h>

/// One city's fields. The strings are owned by `handle` and live until `pool_geonames_city_release`.
typedef struct {
    const char *name;
    const char *state;
    const char *country;
    const char *country_code;
    double latitude;
    double longitude;
    unsigned int population;
    void *handle;
} pool_geonames_city;

/// The number of cities in the library's data.
static inline int pool_geonames_count(void) {
    return geonames_get_n_cities();
}

/// City `index` (0 ..< count); returns 0 when there is no such city.
static inline int pool_geonames_city_at(int index, pool_geonames_city *out) {
    GeonamesCity *city = geonames_get_city(index);
    if (city == NULL) return 0;
    out->name = geonames_city_get_name(city);
    out->state = geonames_city_get_state(city);
    out->country = geonames_city_get_country(city);
    out->country_code = geonames_city_get_country_code(city);
    out->latitude = geonames_city_get_latitude(city);
    out->longitude = geonames_city_get_longitude(city);
    out->population = geonames_city_get_population(city);
    out->handle = city;
    return 1;
}

static inline void pool_geonames_city_release(pool_geonames_city *city) {
    if (city->handle != NULL) geonames_city_free((GeonamesCity *) city->handle);
    city->handle = NULL;
}

#endif
